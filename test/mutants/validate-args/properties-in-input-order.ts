// Mutant: declared properties are checked in the order the input lists them.
// Replaces: reference/registry/validate.ts
// Caught by: check-order-properties-in-schema-order
import type { JsonSchema } from '../../../reference/registry/types.ts';

// A hand-written validator for the course's JSON Schema subset: type, enum, minimum, maximum,
// minLength, maxLength, required, additionalProperties: false, properties, items, minItems,
// maxItems. Other keywords are ignored. It reports the first broken rule, in the order the
// stage text gives, as "<what> (path: <where>)".

// The first rule `value` breaks, as a message without the "ValidationError: " prefix; undefined when valid.
export function firstViolation(schema: JsonSchema, value: unknown, path = '$'): string | undefined {
  const rule = typeRule(schema, value) ?? enumRule(schema, value) ?? numberRule(schema, value) ?? lengthRule(schema, value);
  if (rule !== undefined) return `${rule} (path: ${path})`;
  if (isObject(value)) return objectViolation(schema, value, path);
  if (Array.isArray(value)) return arrayViolation(schema, value, path);
  return undefined;
}

// "string", "number", "boolean", "null", "array" or "object": JSON's kinds of value.
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matchesType(type: string, value: unknown): boolean {
  if (type === 'integer') return Number.isInteger(value);
  return jsonType(value) === type;
}

function typeRule(schema: JsonSchema, value: unknown): string | undefined {
  if (schema.type === undefined) return undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.some((type) => matchesType(type, value))) return undefined;
  return `expected ${types.join(' or ')}, got ${jsonType(value)}`;
}

function enumRule(schema: JsonSchema, value: unknown): string | undefined {
  if (schema.enum === undefined) return undefined;
  const encoded = JSON.stringify(value);
  if (schema.enum.some((allowed) => JSON.stringify(allowed) === encoded)) return undefined;
  return `${encoded} is not one of ${schema.enum.map((allowed) => JSON.stringify(allowed)).join(', ')}`;
}

function numberRule(schema: JsonSchema, value: unknown): string | undefined {
  if (typeof value !== 'number') return undefined;
  if (schema.minimum !== undefined && value < schema.minimum) return `${value} is less than the minimum of ${schema.minimum}`;
  if (schema.maximum !== undefined && value > schema.maximum) return `${value} is greater than the maximum of ${schema.maximum}`;
  return undefined;
}

// Lengths count Unicode code points, as JSON Schema (and ajv) do.
function lengthRule(schema: JsonSchema, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) return `string is shorter than the minimum length of ${schema.minLength}`;
  if (schema.maxLength !== undefined && length > schema.maxLength) return `string is longer than the maximum length of ${schema.maxLength}`;
  return undefined;
}

function objectViolation(schema: JsonSchema, value: Record<string, unknown>, path: string): string | undefined {
  for (const name of schema.required ?? []) {
    if (!Object.hasOwn(value, name)) return `'${name}' is a required property (path: ${childPath(path, name)})`;
  }
  const declared = schema.properties ?? {};
  if (schema.additionalProperties === false) {
    const extra = Object.keys(value).find((name) => !Object.hasOwn(declared, name));
    if (extra !== undefined) return `'${extra}' is not an allowed property (path: ${childPath(path, extra)})`;
  }
  for (const name of Object.keys(value)) {
    const property = declared[name];
    if (property === undefined) continue;
    const problem = firstViolation(property, value[name], childPath(path, name));
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function arrayViolation(schema: JsonSchema, value: unknown[], path: string): string | undefined {
  if (schema.minItems !== undefined && value.length < schema.minItems) return `array has fewer than ${schema.minItems} items (path: ${path})`;
  if (schema.maxItems !== undefined && value.length > schema.maxItems) return `array has more than ${schema.maxItems} items (path: ${path})`;
  if (schema.items === undefined) return undefined;
  for (const [index, item] of value.entries()) {
    const problem = firstViolation(schema.items, item, `${path}[${index}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

// "name" under the root, "parent.name" below it.
export function childPath(path: string, name: string): string {
  return path === '$' ? name : `${path}.${name}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
