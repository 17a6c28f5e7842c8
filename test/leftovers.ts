// Finding what a test left running, by the test's own folder, so that tests running side by side (in this suite or in
// another run on the same machine) never see each other's processes.
import { readdir, readFile } from 'node:fs/promises';

/**
 * Live processes that belong to a test's private folder: a path inside it is in their command line (the run mark that
 * every leftover of a hostile fixture carries, see test/fixtures/run-mark.ts) or in their environment (TMPDIR, for a
 * program and the children that keep its environment). Zombies are already dead and skipped. Scoped to the folder, so
 * processes of another test, or of another run on the same machine, never count.
 */
export async function leftoversOf(folder: string): Promise<string[]> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid);
  const found = await Promise.all(pids.map(async (pid) => {
    const read = (file: string) => readFile(`/proc/${pid}/${file}`, 'utf8').catch(() => '');
    const [stat, cmdline, environ] = await Promise.all([read('stat'), read('cmdline'), read('environ')]);
    // The state follows the command name in parentheses, which may itself hold spaces or parentheses.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    const command = cmdline.replaceAll('\0', ' ').trim();
    const within = `${folder}/`;
    return state !== '' && state !== 'Z' && (command.includes(within) || environ.includes(within)) ? [`${pid} ${command}`] : [];
  }));
  return found.flat();
}
