// The browser the page tests drive through playwright-core. In order: DISPATCH_LAB_CHROMIUM (a Chromium binary of your
// choice); the Chromium shipped inside the npm package @sparticuz/chromium (a pinned dev dependency, so `npm install`
// alone brings it: the same version on every machine, and CI proves this path); Debian's chromium where that one cannot
// run here (another CPU than x64, or a shared library it needs is missing). The launch says which one it took.
import { createRequire } from 'node:module';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium, the other choice. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const PACKAGE = '@sparticuz/chromium';
/** Where the npm Chromium is unpacked: inside the checkout's node_modules, so nothing is left outside it. */
const CACHE = join(import.meta.dirname, '..', 'node_modules', '.cache');

/** A launched browser and a line saying which one it is. */
export type TestBrowser = { browser: Browser; which: string };

// The package's folder and version (its bin/chromium.br is the brotli'd binary; its code would unpack it to /tmp).
async function npmChromium(): Promise<{ folder: string; version: string }> {
  const folder = join(dirname(createRequire(import.meta.url).resolve(PACKAGE)), '..');
  const { version } = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as { version: string };
  return { folder, version };
}

// Whether a process of this id is alive (a partial unpack of a killed run is removed, one of a live run left alone).
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// The npm Chromium's binary, unpacked once per version into node_modules/.cache. Test files launch side by side, so
// each unpacks into a folder of its own and renames it into place; the first rename wins and the others drop theirs.
export async function unpackedNpmChromium(): Promise<{ path: string; version: string }> {
  const { folder, version } = await npmChromium();
  const target = join(CACHE, `dispatch-lab-chromium-${version}`);
  const path = join(target, 'chromium');
  if (existsSync(path)) return { path, version };
  await mkdir(CACHE, { recursive: true });
  for (const entry of await readdir(CACHE)) {
    const pid = /^dispatch-lab-chromium-.+\.partial-(\d+)$/.exec(entry)?.[1];
    if (pid && !isAlive(Number(pid))) await rm(join(CACHE, entry), { recursive: true, force: true });
  }
  const partial = `${target}.partial-${process.pid}-${Math.random().toString(36).slice(2)}`;
  await mkdir(partial);
  try {
    await pipeline(createReadStream(join(folder, 'bin', 'chromium.br')), createBrotliDecompress(), createWriteStream(join(partial, 'chromium'), { mode: 0o755 }));
    await rename(partial, target).catch((error: NodeJS.ErrnoException) => {
      if (!existsSync(path)) throw error;
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return { path, version };
}

// Launch headless with the sandbox off (tests often run as root, where Chromium's sandbox refuses to start).
const launch = (executablePath: string) => chromium.launch({ executablePath, args: ['--no-sandbox'] });

// The browser for a page test, by the order above, and which one it is (printed, so that the output says it).
export async function launchTestBrowser(): Promise<TestBrowser> {
  const chosen = process.env.DISPATCH_LAB_CHROMIUM;
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`DISPATCH_LAB_CHROMIUM is ${chosen}, which does not exist: set it to a Chromium binary, or unset it to use the one from npm (${PACKAGE})`);
    return said(await launch(chosen), `DISPATCH_LAB_CHROMIUM (${chosen})`);
  }
  let npmProblem: string;
  if (process.platform === 'linux' && process.arch === 'x64') {
    try {
      const { path, version } = await unpackedNpmChromium();
      return said(await launch(path), `${PACKAGE} ${version} from npm (${path})`);
    } catch (error) {
      npmProblem = (error as Error).message.split('\n').find((line) => /error while loading|cannot open shared/.test(line)) ?? (error as Error).message.split('\n')[0] ?? String(error);
    }
  } else {
    npmProblem = `it ships a linux x64 binary, and this is ${process.platform} ${process.arch}`;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return said(await launch(DEBIAN_CHROMIUM), `Debian's chromium (${DEBIAN_CHROMIUM}), since the one from npm cannot run here: ${npmProblem}`);
  throw new Error(`no browser for the page tests: the Chromium from npm (${PACKAGE}) cannot run here (${npmProblem}; on Debian or Ubuntu \`apt-get install libnss3\` brings what it needs), and ${DEBIAN_CHROMIUM} is not installed; or set DISPATCH_LAB_CHROMIUM to a Chromium binary`);
}

// The browser with its line, printed once.
function said(browser: Browser, source: string): TestBrowser {
  const which = `browser: ${source}, Chromium ${browser.version()}`;
  console.info(which);
  return { browser, which };
}
