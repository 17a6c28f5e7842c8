import { describe, expect, it } from 'vitest';
import { dialectOf, schemaCheck } from '../../reference/mcp/schema-check.ts';

// The handler's check of the whole discovered schema (ajv, in the schema's own draft): the rules
// of the stage text's "The whole schema", one row each.

describe('dialectOf', () => {
  it.each([
    [{}, '2020-12'],
    [{ $schema: 'https://json-schema.org/draft/2020-12/schema' }, '2020-12'],
    [{ $schema: 'https://json-schema.org/draft/2019-09/schema' }, '2019-09'],
    [{ $schema: 'http://json-schema.org/draft-07/schema#' }, 'draft-07'],
    [{ $schema: 'http://json-schema.org/draft-07/schema' }, 'draft-07'],
    [{ $schema: 'http://json-schema.org/draft-04/schema#' }, undefined],
    [{ $schema: 7 }, undefined],
  ])('%j → %s', (schema, dialect) => {
    expect(dialectOf(schema)).toBe(dialect);
  });
});

describe('schemaCheck', () => {
  const object = (properties: object, extra: object = {}) => ({ type: 'object', properties, ...extra });
  it.each([
    { name: 'a $ref into $defs', schema: object({ n: { $ref: '#/$defs/n' } }, { $defs: { n: { type: 'integer' } } }), input: { n: 'x' }, message: 'expected integer, got string (path: n)' },
    { name: 'a $ref into definitions (draft-07)', schema: object({ n: { $ref: '#/definitions/n' } }, { $schema: 'http://json-schema.org/draft-07/schema#', definitions: { n: { type: 'integer' } } }), input: { n: 1.5 }, message: 'expected integer, got number (path: n)' },
    { name: 'anyOf: the outermost error', schema: object({ v: { anyOf: [{ type: 'string' }, { type: 'null' }] } }), input: { v: 1 }, message: 'must match a schema in anyOf (path: v)' },
    { name: 'oneOf with two matches', schema: object({ v: { oneOf: [{ type: 'number' }, { type: 'integer' }] } }), input: { v: 1 }, message: 'must match exactly one schema in oneOf (path: v)' },
    { name: 'const', schema: object({ v: { const: 'on' } }), input: { v: 'off' }, message: 'must be equal to constant (path: v)' },
    { name: 'a format (ajv-formats)', schema: object({ at: { type: 'string', format: 'date' } }), input: { at: '2026-13-40' }, message: 'must match format "date" (path: at)' },
    { name: 'prefixItems (2020-12)', schema: object({ p: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] } }), input: { p: ['a', 'b'] }, message: 'expected integer, got string (path: p[1])' },
    { name: 'a key with "/" in the path', schema: object({ 'a/b': { type: 'string' } }), input: { 'a/b': 1 }, message: 'expected string, got number (path: a/b)' },
    { name: 'the input itself', schema: { type: 'object', minProperties: 1 }, input: {}, message: 'must NOT have fewer than 1 properties (path: $)' },
    { name: 'a valid input', schema: object({ v: { anyOf: [{ type: 'string' }, { type: 'null' }] } }), input: { v: null }, message: undefined },
    { name: 'an unknown keyword is ignored', schema: object({ v: { type: 'string', 'x-ui': 'textarea' } }), input: { v: 'ok' }, message: undefined },
    { name: 'an unknown draft refuses every call', schema: { $schema: 'http://json-schema.org/draft-04/schema#' }, input: {}, message: "the tool's schema declares a draft this client does not know: http://json-schema.org/draft-04/schema# (path: $)" },
    { name: 'a $ref to nowhere refuses every call', schema: object({ v: { $ref: '#/$defs/missing' } }), input: {}, message: expect.stringMatching(/^the tool's schema cannot be used: .*missing.* \(path: \$\)$/) },
  ])('$name', async ({ schema, input, message }) => {
    expect((await schemaCheck(schema))(input)).toEqual(message);
  });
});
