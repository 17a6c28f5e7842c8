// Each held-out set stays usable as the reference moves: every patch has its header, changes one reference file, and
// still applies to today's file (a stale one is named with what to do); every stage has variants enough.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseVariant, patchedSource, type HeldOutVariant } from '../../scripts/held-out/variant-patch.ts';
import { repoRoot } from '../e2e/cli.ts';

const slugs = (JSON.parse(readFileSync(join(repoRoot, 'stages/stages.json'), 'utf8')) as { stages: { slug: string }[] }).stages.map((s) => s.slug);

// Each held-out set: test/held-out, then test/held-out-2, -3, …, each written fresh after its predecessor's results
// were seen (their READMEs say how).
const sets = readdirSync(join(repoRoot, 'test')).filter((name) => /^held-out(-\d+)?$/.test(name)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).map((name) => `test/${name}`);

it('finds the held-out sets', () => expect(sets.length).toBeGreaterThanOrEqual(7));

for (const setPath of sets) {
  const setDir = join(repoRoot, setPath);
  const folders = readdirSync(setDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const files = folders.flatMap((stage) => readdirSync(join(setDir, stage)).filter((f) => f.endsWith('.patch')).map((f) => ({ stage, file: f })));
  const parsed = files.map(({ stage, file }) => parseVariant(stage, file.replace(/\.patch$/, ''), readFileSync(join(setDir, stage, file), 'utf8'), `${setPath}/${stage}/${file}`));
  const variants = parsed.filter((v): v is HeldOutVariant => !('problem' in v));

  describe(`the held-out set ${setPath}`, () => {
    it('has a folder per stage slug only', () => expect(folders.filter((f) => !slugs.includes(f))).toEqual([]));
    it('holds at least 64 variants, at least 4 for every stage', () => {
      expect(variants.length).toBeGreaterThanOrEqual(64);
      expect(slugs.filter((slug) => variants.filter((v) => v.stage === slug).length < 4)).toEqual([]);
    });
    it('has a usable header and one reference file in every patch', () => {
      expect(parsed.filter((v) => 'problem' in v)).toEqual([]);
    });
    it("applies every patch to today's reference file, and changes it", () => {
      const stale = variants.flatMap((v) => {
        const source = readFileSync(join(repoRoot, v.target), 'utf8');
        const patched = patchedSource(v, source);
        if (typeof patched !== 'string') return [patched.problem];
        return patched === source ? [`${v.file}: the patch changes nothing`] : [];
      });
      expect(stale).toEqual([]);
    });
  });
}
