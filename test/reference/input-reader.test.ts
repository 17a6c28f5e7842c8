import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { InputSchema } from '../../harness/input-schema.ts';
import { readInput, whereOf } from '../../harness/input-reader.ts';
import { COMMANDS } from '../../harness/commands/index.ts';

const OBJECT = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1 },
    tag: { type: 'string', pattern: '^[a-z]+$' },
    count: { type: 'integer', minimum: 1, default: 3 },
    flags: { type: 'array', items: { type: 'boolean' } },
    env: { type: 'object', additionalProperties: { type: 'string' } },
    list: { type: 'array', items: { type: 'string' }, errorMessage: 'must be an array of names' },
    open: { type: 'object' },
    rules: { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } }, errorMessage: { unknownKey: 'is not a rule (use {known})' } },
    items: { type: 'array', errorMessage: { type: 'must be an array of items' }, items: { type: 'object', properties: { id: { type: 'string' } }, errorMessage: { type: '{where}.id must be a string' } } },
  },
} as const satisfies InputSchema;

describe('readInput', () => {
  it.each([
    ['not JSON', '{', 'stdin is not valid JSON'],
    ['not an object', '[]', 'stdin must be a JSON object'],
    ['an unknown key, with the known ones', '{"name": "n", "nmae": 1}', 'stdin has an unknown key "nmae" (known: name, tag, count, flags, env, list, open, rules, items)'],
    ['a missing required key', '{}', '"name" is required'],
    ['a wrong type', '{"name": 1}', '"name" must be a string'],
    ['minLength 1', '{"name": ""}', '"name" must not be empty'],
    ['a pattern', '{"name": "n", "tag": "A"}', '"tag" must match ^[a-z]+$'],
    ['an integer below its minimum', '{"name": "n", "count": 0}', '"count" must be an integer of at least 1'],
    ['a fraction for an integer', '{"name": "n", "count": 1.5}', '"count" must be an integer of at least 1'],
    ['null is not absent', '{"name": "n", "count": null}', '"count" must be an integer of at least 1'],
    ['an array item, at its index', '{"name": "n", "flags": [true, 1]}', 'flags[1] must be a boolean'],
    ['an additionalProperties value', '{"name": "n", "env": {"A": 1}}', '"env.A" must be a string'],
    ['a string wording covers the node and below', '{"name": "n", "list": [1]}', '"list" must be an array of names'],
    ['an unknown-key wording, at the key', '{"name": "n", "rules": {"b": "x"}}', '"rules.b" is not a rule (use a)'],
    ['a type wording only for the node itself', '{"name": "n", "items": {}}', '"items" must be an array of items'],
    ['a type wording with {where}', '{"name": "n", "items": [3]}', 'items[0].id must be a string'],
    ['below a type wording, the generic message', '{"name": "n", "items": [{"id": 3}]}', 'items[0].id must be a string'],
  ])('%s', (_, text, problem) => {
    expect(readInput(OBJECT, text)).toBe(problem);
  });

  it('fills defaults, keeps the declared order, and leaves an open object as it is', () => {
    expect(readInput(OBJECT, '{"open": {"x": [1]}, "name": "n"}')).toStrictEqual({ name: 'n', count: 3, open: { x: [1] } });
  });

  it.each([
    [[], 'stdin'],
    [['calls'], '"calls"'],
    [['policy', 'deny'], '"policy.deny"'],
    [['calls', 0, 'tool'], 'calls[0].tool'],
  ] as const)('writes the place %j as %s', (path, where) => {
    expect(whereOf(path)).toBe(where);
  });
});

// The harness and `validate` read the same declarations; on these inputs they must agree on what is refused.
describe('each command: the harness and ajv agree on its input', () => {
  const ajv = new Ajv({ strict: false, allErrors: false });
  const parsed = COMMANDS.filter((c) => c.rawInput !== true);
  it.each(parsed.map((c) => [c.name, c] as const))('%s', (_, command) => {
    const check = ajv.compile(command.input);
    const example = command.input.examples?.[0] as Record<string, unknown>;
    const variants: unknown[] = [example, { ...example, typo: 1 }, { ...example, sandbox: { a: 1 } }, { ...example, sandbox: [] }, ...Object.keys(example).map((key) => Object.fromEntries(Object.entries(example).filter(([k]) => k !== key)))];
    expect(check(example)).toBe(true);
    for (const variant of variants) expect([variant, typeof readInput(command.input, JSON.stringify(variant)) === 'string']).toEqual([variant, !check(variant)]);
  });
});
