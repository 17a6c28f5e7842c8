import { describe, expect, it } from 'vitest';
import { firstViolation, jsonType } from '../../reference/registry/validate.ts';
import type { JsonSchema } from '../../reference/registry/types.ts';

// One schema per row keeps each table row readable; `object` wraps properties the way every tool does.
const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({ type: 'object', properties, required, additionalProperties: false });

const webSearch = object(
  {
    query: { type: 'string', minLength: 1, maxLength: 500 },
    max_results: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    language: { type: 'string', enum: ['en', 'es', 'fr', 'de', 'ja'], default: 'en' },
    filters: { type: 'object', properties: { site: { type: 'string', minLength: 1 }, after_year: { type: 'integer', minimum: 1990, maximum: 2100 } }, additionalProperties: false },
  },
  ['query'],
);
const view = object({ path: { type: 'string' }, view_range: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 } }, ['path']);

describe('jsonType', () => {
  it.each([
    [null, 'null'],
    [[], 'array'],
    [{}, 'object'],
    ['', 'string'],
    [0, 'number'],
    [1.5, 'number'],
    [false, 'boolean'],
  ])('%j is a JSON %s', (value, kind) => {
    expect(jsonType(value)).toBe(kind);
  });
});

describe('firstViolation: one broken rule per row', () => {
  it.each([
    // type
    { name: 'a number for a string', schema: object({ text: { type: 'string' } }), value: { text: 42 }, message: 'expected string, got number (path: text)' },
    { name: 'a boolean for an integer', schema: object({ n: { type: 'integer' } }), value: { n: true }, message: 'expected integer, got boolean (path: n)' },
    { name: 'a fraction for an integer', schema: object({ n: { type: 'integer' } }), value: { n: 2.5 }, message: 'expected integer, got number (path: n)' },
    { name: 'null for a string', schema: object({ text: { type: 'string' } }), value: { text: null }, message: 'expected string, got null (path: text)' },
    { name: 'an object for an array', schema: object({ list: { type: 'array' } }), value: { list: {} }, message: 'expected array, got object (path: list)' },
    { name: 'a number for a boolean', schema: object({ flag: { type: 'boolean' } }), value: { flag: 0 }, message: 'expected boolean, got number (path: flag)' },
    { name: 'a union of types', schema: object({ v: { type: ['boolean', 'null'] } }), value: { v: 'yes' }, message: 'expected boolean or null, got string (path: v)' },
    { name: 'null input', schema: object({}), value: null, message: 'expected object, got null (path: $)' },
    { name: 'an array input', schema: object({}), value: [], message: 'expected object, got array (path: $)' },
    { name: 'a string input', schema: object({}), value: 'x', message: 'expected object, got string (path: $)' },
    // enum
    { name: 'a value outside enum', schema: webSearch, value: { query: 'q', language: 'it' }, message: '"it" is not one of "en", "es", "fr", "de", "ja" (path: language)' },
    { name: 'enum is case-sensitive', schema: webSearch, value: { query: 'q', language: 'EN' }, message: '"EN" is not one of "en", "es", "fr", "de", "ja" (path: language)' },
    { name: 'a number outside a number enum', schema: object({ n: { enum: [1, 2] } }), value: { n: 3 }, message: '3 is not one of 1, 2 (path: n)' },
    // minimum, maximum
    { name: 'the seed: 500 over 100', schema: webSearch, value: { query: 'MCP', max_results: 500 }, message: '500 is greater than the maximum of 100 (path: max_results)' },
    { name: 'under the minimum', schema: webSearch, value: { query: 'MCP', max_results: 0 }, message: '0 is less than the minimum of 1 (path: max_results)' },
    { name: 'a negative number', schema: object({ n: { type: 'integer', minimum: 0 } }), value: { n: -1 }, message: '-1 is less than the minimum of 0 (path: n)' },
    { name: 'a fraction over a maximum', schema: object({ x: { type: 'number', maximum: 1 } }), value: { x: 1.25 }, message: '1.25 is greater than the maximum of 1 (path: x)' },
    // minLength, maxLength
    { name: 'an empty string', schema: webSearch, value: { query: '' }, message: 'string is shorter than the minimum length of 1 (path: query)' },
    { name: 'a huge string', schema: webSearch, value: { query: 'x'.repeat(10_000) }, message: 'string is longer than the maximum length of 500 (path: query)' },
    { name: 'four emoji over maxLength 3', schema: object({ s: { type: 'string', maxLength: 3 } }), value: { s: '😀😀😀😀' }, message: 'string is longer than the maximum length of 3 (path: s)' },
    // required
    { name: 'a missing property', schema: object({ text: { type: 'string' } }, ['text']), value: {}, message: "'text' is a required property (path: text)" },
    { name: 'the first missing one, in schema order', schema: object({ a: {}, b: {} }, ['b', 'a']), value: {}, message: "'b' is a required property (path: b)" },
    { name: 'a missing nested property', schema: object({ f: object({ x: {} }, ['x']) }), value: { f: {} }, message: "'x' is a required property (path: f.x)" },
    // additionalProperties
    { name: 'the seed: an extra field on echo', schema: object({ text: { type: 'string' } }, ['text']), value: { text: 'hello', extra: true }, message: "'extra' is not an allowed property (path: extra)" },
    { name: 'the first extra key, in input order', schema: object({}), value: { z: 1, a: 2 }, message: "'z' is not an allowed property (path: z)" },
    { name: 'a prototype name is not declared', schema: object({ text: {} }), value: JSON.parse('{"__proto__": 1}') as unknown, message: "'__proto__' is not an allowed property (path: __proto__)" },
    { name: 'constructor is not declared', schema: object({ text: {} }), value: { constructor: 1 }, message: "'constructor' is not an allowed property (path: constructor)" },
    { name: 'an extra nested field', schema: webSearch, value: { query: 'q', filters: { lang: 'en' } }, message: "'lang' is not an allowed property (path: filters.lang)" },
    // nested values
    { name: 'a nested type', schema: webSearch, value: { query: 'q', filters: { after_year: '2020' } }, message: 'expected integer, got string (path: filters.after_year)' },
    { name: 'a nested minimum', schema: webSearch, value: { query: 'q', filters: { after_year: 1989 } }, message: '1989 is less than the minimum of 1990 (path: filters.after_year)' },
    { name: 'a string for the nested object', schema: webSearch, value: { query: 'q', filters: 'x' }, message: 'expected object, got string (path: filters)' },
    // arrays
    { name: 'an item of the wrong type', schema: view, value: { path: 'a', view_range: ['1', 2] }, message: 'expected integer, got string (path: view_range[0])' },
    { name: 'a fraction as the second item', schema: view, value: { path: 'a', view_range: [1, 2.5] }, message: 'expected integer, got number (path: view_range[1])' },
    { name: 'too few items', schema: view, value: { path: 'a', view_range: [1] }, message: 'array has fewer than 2 items (path: view_range)' },
    { name: 'too many items', schema: view, value: { path: 'a', view_range: [1, 2, 3] }, message: 'array has more than 2 items (path: view_range)' },
    { name: 'an object inside an array', schema: object({ list: { type: 'array', items: object({ id: { type: 'integer' } }, ['id']) } }), value: { list: [{ id: 1 }, {}] }, message: "'id' is a required property (path: list[1].id)" },
  ])('$name', ({ schema, value, message }) => {
    expect(firstViolation(schema, value)).toBe(message);
  });
});

describe('firstViolation: valid values', () => {
  it.each([
    { name: 'the seed retry', schema: webSearch, value: { query: 'MCP', max_results: 10 } },
    { name: 'the bounds themselves', schema: webSearch, value: { query: 'x'.repeat(500), max_results: 100, filters: { after_year: 1990 } } },
    { name: 'three emoji under maxLength 3', schema: object({ s: { type: 'string', maxLength: 3 } }), value: { s: '😀😀😀' } },
    { name: 'a whole number for an integer', schema: object({ n: { type: 'integer' } }), value: { n: 3 } },
    { name: 'a fraction for a number', schema: object({ n: { type: 'number' } }), value: { n: 0.5 } },
    { name: 'view_range with -1', schema: view, value: { path: 'a', view_range: [1, -1] } },
    { name: 'null in a union', schema: object({ v: { type: ['boolean', 'null'] } }), value: { v: null } },
    { name: 'unknown keywords are ignored', schema: object({ s: { type: 'string', pattern: '^a', format: 'email' } }), value: { s: 'zzz' } },
    { name: 'no schema type at all', schema: {}, value: 'anything' },
  ])('$name', ({ schema, value }) => {
    expect(firstViolation(schema, value)).toBeUndefined();
  });
});

describe('firstViolation: the check order when several rules break', () => {
  it.each([
    { name: 'type before enum', schema: object({ v: { type: 'string', enum: ['a'] } }), value: { v: 1 }, message: 'expected string, got number (path: v)' },
    { name: 'required before additionalProperties', schema: object({ a: {} }, ['a']), value: { b: 1 }, message: "'a' is a required property (path: a)" },
    { name: 'additionalProperties before property values', schema: object({ a: { type: 'string' } }), value: { a: 1, b: 1 }, message: "'b' is not an allowed property (path: b)" },
    { name: 'properties in schema order', schema: object({ a: { type: 'string' }, b: { type: 'string' } }), value: { b: 1, a: 1 }, message: 'expected string, got number (path: a)' },
    { name: 'item count before items', schema: view, value: { path: 'a', view_range: ['x'] }, message: 'array has fewer than 2 items (path: view_range)' },
  ])('$name', ({ schema, value, message }) => {
    expect(firstViolation(schema, value)).toBe(message);
  });
});
