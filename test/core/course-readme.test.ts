import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { courseReadme } from '../../grader/course/core/course-readme.ts';
import { starterStubs } from '../../grader/course/core/starter-stubs.ts';
import type { Stage } from '../../grader/course/core/types.ts';

// The course directory's README is made from the manifest: it names every stage, in order, with its instructions file
// and its program.ts command, and every stub of the starter with its file.
const root = join(import.meta.dirname, '../..');
const stages = (JSON.parse(readFileSync(join(root, 'stages/stages.json'), 'utf8')) as { stages: Stage[] }).stages;
const sources = join(root, 'starter/src');
const stubs = starterStubs(readdirSync(sources).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(join(sources, f), 'utf8')));
const readme = courseReadme(stages, stubs);

describe('the course README', () => {
  it('lists every stage of stages/stages.json in order, with its command and instructions file', () => {
    const rows = readme.split('\n').filter((line) => /^\| \d+ \|/.test(line));
    expect(rows).toHaveLength(stages.length);
    stages.forEach((stage, i) => {
      expect(rows[i]).toContain(`| ${i + 1} | \`${stage.slug}\` |`);
      expect(rows[i]).toContain(`\`program.ts ${stage.command}\``);
      expect(rows[i]).toContain(`\`npx dispatch-lab show ${stage.slug}\``);
      expect(rows[i]).toContain(`stages/${stage.slug}.md`);
    });
    expect(readme).toContain(`## The ${stages.length} stages`);
  });

  it('names every stub of the starter beside its file', () => {
    expect(stubs.length).toBeGreaterThan(5);
    for (const stub of stubs) {
      const [what, file] = stub.split(' in ');
      expect(readme).toMatch(new RegExp(`- \`${file}\`: .*\`${what!.replace('.', '\\.')}\``));
    }
  });

  it('follows a changed manifest (nothing in it is written by hand)', () => {
    const changed = courseReadme([...stages, { slug: 'new-stage', title: 'A new stage', command: 'brand-new' }], stubs);
    expect(changed).toContain('| `new-stage` | A new stage | `program.ts brand-new` |');
    expect(changed).toContain(`## The ${stages.length + 1} stages`);
  });
});
