// The similarity part of `npm run bench` (BENCH_ONLY=similarity): `grade --similarity` over BENCH_SIMILAR_COPIES
// (default 200) submissions of the whole course, each made from the reference's sources (in src/, as a student's) by
// perturbing them as a copier would: top-level functions reordered, private ones renamed, indentation and comments
// changed, a helper added. The comparison's own time is read back from grade's "similarity: …" line; the whole
// command's wall time includes grading every submission on BENCH_SIMILAR_STAGE (default echo) only, so that the figure
// is about the comparison, not the course. Written to its own section of bench/RESULTS.md.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The heading of this part's section of bench/RESULTS.md. */
export const SIMILARITY_HEADING = '## Similarity';
const SECTION = SIMILARITY_HEADING;

// A small seeded generator (mulberry32), so that the same copies come out on every run.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// One source perturbed: its non-exported top-level functions renamed (half of them) and shuffled among their places,
// comment lines reworded, indentation widened (every third copy), a helper added.
function perturbed(text, index, next) {
  let out = text;
  for (const [, name] of text.matchAll(/^function (\w+)/gm)) if (next() < 0.5) out = out.replace(new RegExp(`\\b${name}\\b`, 'g'), `${name}V${index}`);
  const chunks = out.split('\n\n');
  const movable = chunks.map((c, i) => (/^(\/\/.*\n)*function /.test(c) ? i : -1)).filter((i) => i >= 0);
  const moved = [...movable].sort(() => next() - 0.5);
  const reordered = chunks.map((c, i) => (movable.includes(i) ? chunks[moved[movable.indexOf(i)]] : c));
  out = reordered.join('\n\n').replace(/^(\s*)\/\/ (.*)$/gm, (_, indent, words) => `${indent}// (${index}) ${words.split(' ').reverse().join(' ')}`);
  if (index % 3 === 0) out = out.replace(/^( +)/gm, (spaces) => spaces.repeat(2));
  return `${out}\nexport function helper${index}(value: number): number {\n  return value * ${index + 2};\n}\n`;
}

// The .ts files under a folder, relative paths.
async function tsFiles(dir) {
  return (await readdir(dir, { recursive: true })).map(String).filter((f) => f.endsWith('.ts')).sort();
}

// `copies` submissions under `work`: program.ts and harness/ as init gives them, src/ the perturbed reference.
export async function makeSimilarSubmissions({ root, work, copies }) {
  const files = await tsFiles(join(root, 'reference'));
  const texts = await Promise.all(files.map((f) => readFile(join(root, 'reference', f), 'utf8')));
  const dirs = [];
  for (let i = 0; i < copies; i++) {
    const dir = join(work, `student-${String(i).padStart(3, '0')}`);
    const next = random(i + 1);
    for (const [n, f] of files.entries()) {
      await mkdir(join(dir, 'src', f, '..'), { recursive: true });
      await writeFile(join(dir, 'src', f), perturbed(texts[n], i, next));
    }
    await cp(join(root, 'starter', 'program.ts'), join(dir, 'program.ts'));
    await symlink(join(root, 'harness'), join(dir, 'harness'), 'dir');
    await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    await writeFile(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
    dirs.push(dir);
  }
  return { dirs, files: files.length, lines: texts.reduce((sum, t) => sum + t.split('\n').length, 0) };
}

// Run `grade --similarity`; resolves with its wall time, exit code and similarity line.
function gradeSimilar(cli, dirs, out, flags, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, 'grade', ...dirs, '--out', out, '--similarity', ...flags], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ wall: performance.now() - started, code, line: /^similarity: .*$/m.exec(stdout)?.[0], graded: /^graded \d+ submissions?.*$/m.exec(stdout)?.[0], stderr }));
  });
}

// The rows of the similarity table: the comparison alone (read + compare) and the whole command.
export async function similarityBench({ root, cli, jobs, copies, stage, env }) {
  const work = await mkdtemp(join(tmpdir(), 'dispatch-lab-bench-similar-'));
  try {
    const made = await makeSimilarSubmissions({ root, work: join(work, 'class'), copies });
    console.log(`bench: ${copies} submissions of ${made.files} files (${made.lines} lines of the reference each, perturbed); grade --similarity --stage ${stage}`);
    const run = await gradeSimilar(cli, made.dirs, join(work, 'book'), ['--stage', stage, '--jobs', String(jobs)], env);
    const figures = /compared in ([\d.]+) s \(code read in ([\d.]+) s\)/.exec(run.line ?? '');
    if (!run.line || !figures) return { rows: [[`grade --similarity, ${copies} submissions`, 'n/a', `exit ${run.code}: ${run.stderr.trim().split('\n')[0] ?? ''}`.slice(0, 120)]], made };
    console.log(run.line);
    const compareS = Number(figures[1]);
    const readS = Number(figures[2]);
    return {
      made,
      rows: [
        [`compare ${copies} submissions (${copies * (copies - 1) / 2} pairs), fingerprints and pairs`, `${compareS.toFixed(2)} s`, `< 30 s ${compareS + readS < 30 ? 'met' : 'missed'} (with reading)`],
        [`read their code (program.ts, src/**/*.ts)`, `${readS.toFixed(2)} s`, ''],
        [`whole grade --similarity --stage ${stage} (grading included)`, `${(run.wall / 1000).toFixed(1)} s`, run.graded ?? ''],
      ],
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}


// The section of bench/RESULTS.md for the similarity figures.
export function similaritySection({ rows, table, about, copies, made, jobs, when }) {
  return `${SECTION}\n\nWritten by scripts/bench.mjs (BENCH_ONLY=similarity) on ${when}; ${copies} submissions, each the reference's ${made.files} files (${made.lines} lines) perturbed, --jobs ${jobs}.\n\n${table(rows)}\n\nMachine: ${about.join(' · ')}.\n`;
}
