import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '../registry/types.ts';
import { childPath, firstViolation } from '../registry/validate.ts';

// One ajv error in the words of the course, then " (path: <where>)". The keywords of validate-args
// (type, enum, minimum, …, required, additionalProperties) get that stage's message from its own
// validator, given the failing keyword alone and the value ajv checked (the error of a compile with
// verbose: true), so the messages are written once; ajv's own message for every other keyword
// (pattern, format, anyOf, const, …), which validate-args ignores.
export function schemaMessage(error: ErrorObject, input: unknown): string {
  const path = coursePath(input, error.instancePath);
  return firstViolation(...ruleOf(error), path) ?? `${error.message} (path: ${path})`;
}

// The failing keyword as a schema of validate-args and the value to check against it. ajv names the
// property that additionalProperties refused, which may not be the first undeclared key the
// validator would find (ajv also allows the keys of patternProperties): that property alone.
function ruleOf(error: ErrorObject): [JsonSchema, unknown] {
  if (error.keyword === 'additionalProperties') {
    return [{ additionalProperties: false }, { [String(error.params.additionalProperty)]: null }];
  }
  return [{ [error.keyword]: error.schema } as JsonSchema, error.data];
}

// The course's path for an instancePath (a JSON Pointer such as "/grid/0/1" → "grid[0][1]"; "$" for
// the input itself): an index for an array's item, a name for an object's property.
function coursePath(input: unknown, pointer: string): string {
  let value = input;
  let path = '$';
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    path = Array.isArray(value) ? `${path}[${segment}]` : childPath(path, segment);
    value = (value as Record<string, unknown>)[segment];
  }
  return path;
}
