import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parse } from 'junit2json';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { junitXml } from '../../grader/reporters/junit.ts';
import { sampleReport } from '../reporters/sample-report.ts';
import { repoRoot } from './cli.ts';
import { type Content, echoContent } from './echo-content.ts';
import { runScenario } from './scenario.ts';

// The JUnit file of real runs, checked as strict consumers check it: libxml2's xmllint (built to WebAssembly, from npm's
// xmllint-wasm, so no system package is needed) against the Jenkins xUnit plugin's junit-10.xsd (that plugin skips a
// file that fails it), and a junit parser from npm whose counts must agree with the elements at every level.

const SCHEMA = join(repoRoot, 'test/fixtures/schemas/junit-10.xsd');

let content: Content;
let folder: string;
beforeAll(async () => {
  content = await echoContent();
  folder = await mkdtemp(join(tmpdir(), 'dispatch-lab-junit-'));
});
afterAll(async () => {
  await content.dispose();
  await rm(folder, { recursive: true, force: true });
});

// xmllint's verdict on a file (`xmllint --noout --schema junit-10.xsd FILE`): whether it is valid, and what it printed.
async function validate(file: string): Promise<{ valid: boolean; output: string }> {
  const [xml, schema] = await Promise.all([readFile(file, 'utf8'), readFile(SCHEMA, 'utf8')]);
  const result = await validateXML({ xml: { fileName: basename(file), contents: xml }, schema: { fileName: basename(SCHEMA), contents: schema } });
  return { valid: result.valid, output: result.rawOutput };
}

type Counted = { tests?: number; failures?: number; errors?: number; skipped?: number };
type Parsed = Counted & { testsuite?: (Counted & { testcase?: { failure?: unknown[]; error?: unknown[]; skipped?: unknown[] }[] })[] };

// Every count the parser read, checked against the elements it found: per suite, and summed at the root.
function expectCountsAgree(doc: Parsed): { failures: number; errors: number } {
  const total = { tests: 0, failures: 0, errors: 0 };
  for (const suite of doc.testsuite ?? []) {
    const cases = suite.testcase ?? [];
    const found = { tests: cases.length, failures: cases.filter((c) => c.failure).length, errors: cases.filter((c) => c.error).length, skipped: cases.filter((c) => c.skipped).length };
    expect({ tests: suite.tests, failures: suite.failures, errors: suite.errors, skipped: suite.skipped }).toEqual(found);
    total.tests += found.tests;
    total.failures += found.failures;
    total.errors += found.errors;
  }
  expect({ tests: doc.tests, failures: doc.failures, errors: doc.errors }).toEqual(total);
  return total;
}

describe('the JUnit report (e2e)', () => {
  it.each([
    ['a passing run', 'honest', ['--case', 'roundtrip'], { failures: 0, errors: 0 }],
    ['a failing run', 'exits-3', ['--case', 'roundtrip'], { failures: 1, errors: 0 }],
    ['a hanging submission', 'busy-loop', ['--case', 'roundtrip', '--timeout', '1500'], { failures: 0, errors: 1 }],
    ['a submission that does not build', 'syntax-error', [], { failures: 0, errors: 16 }],
    ['stderr with U+FFFE, U+FFFF and broken surrogates', 'stderr-not-xml', ['--case', 'roundtrip'], { failures: 1, errors: 0 }],
  ])('of %s validates against junit-10.xsd and counts what it holds', async (_, program, args, expected) => {
    const file = join(folder, `${program}.xml`);
    const run = await runScenario(program, ['--content', content.dir, '--stage', 'echo', ...args, '--output-file', `junit=${file}`]);
    expect(run.stderr).not.toMatch(/internal error/);
    const xml = await readFile(file, 'utf8');
    const checked = await validate(file);
    expect(checked.output).toMatch(/validates/);
    expect(checked.valid, checked.output).toBe(true);
    expect(expectCountsAgree(await parse(xml) as Parsed)).toMatchObject(expected);
  }, 120_000);

  it('shows the characters XML cannot hold as visible escapes', async () => {
    const file = join(folder, 'visible.xml');
    await runScenario('stderr-not-xml', ['--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', '--output-file', `junit=${file}`]);
    const xml = await readFile(file, 'utf8');
    expect(xml).toContain('noncharacters: \\ufffe \\uffff; control: \\u0001');
    expect(xml).not.toMatch(/[\uFFFE\uFFFF\u0001]/);
  }, 120_000);

  it('of the reporters\' sample report, with lone surrogates in names and messages, validates too', async () => {
    const hostile = structuredClone(sampleReport);
    const first = hostile.stages[0]!.cases[1]!;
    first.case = { ...first.case, name: 'lone \uD800 high and \uDFFF low', hint: 'hint \uFFFF' };
    const file = join(folder, 'sample.xml');
    const xml = junitXml(hostile);
    expect(xml).toContain('lone \\ud800 high and \\udfff low');
    await writeFile(file, xml);
    const checked = await validate(file);
    expect(checked.valid, checked.output).toBe(true);
    expectCountsAgree(await parse(xml) as Parsed);
  });

  it('is checked by a validator that refuses what the schema forbids (an element it does not know)', async () => {
    const xml = junitXml(sampleReport);
    const broken = xml.replace('</testsuites>', '<unknown/></testsuites>');
    expect(broken).not.toBe(xml);
    const file = join(folder, 'broken.xml');
    await writeFile(file, broken);
    const checked = await validate(file);
    expect(checked.valid).toBe(false);
    expect(checked.output).toMatch(/Element 'unknown': This element is not expected/);
    expect(checked.output).toMatch(/fails to validate/);
  });
});
