import type { ErrorObject } from 'ajv';
import { jsonType } from '../registry/validate.ts';

// One ajv error in the words of the course: the messages of validate-args for its keywords, ajv's
// own message for every other keyword (pattern, format, anyOf, const, …); then " (path: <where>)".
export function schemaMessage(error: ErrorObject, input: unknown): string {
  const { value, path } = locate(input, error.instancePath);
  const params = error.params as Record<string, unknown>;
  const limit = String(params.limit);
  switch (error.keyword) {
    case 'type':
      return `expected ${[params.type].flat().join(' or ')}, got ${jsonType(value)} (path: ${path})`;
    case 'enum':
      return `${JSON.stringify(value)} is not one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')} (path: ${path})`;
    case 'minimum':
      return `${String(value)} is less than the minimum of ${limit} (path: ${path})`;
    case 'maximum':
      return `${String(value)} is greater than the maximum of ${limit} (path: ${path})`;
    case 'minLength':
      return `string is shorter than the minimum length of ${limit} (path: ${path})`;
    case 'maxLength':
      return `string is longer than the maximum length of ${limit} (path: ${path})`;
    case 'minItems':
      return `array has fewer than ${limit} items (path: ${path})`;
    case 'maxItems':
      return `array has more than ${limit} items (path: ${path})`;
    case 'required':
      return `'${String(params.missingProperty)}' is a required property (path: ${child(path, String(params.missingProperty))})`;
    case 'additionalProperties':
      return `'${String(params.additionalProperty)}' is not an allowed property (path: ${child(path, String(params.additionalProperty))})`;
    default:
      return `${error.message ?? `fails ${error.keyword}`} (path: ${path})`;
  }
}

// The value an instancePath (a JSON Pointer such as "/grid/0/1") points at, and the course's path
// for it ("grid[0][1]"; "$" for the input itself).
function locate(input: unknown, pointer: string): { value: unknown; path: string } {
  let value = input;
  let path = '$';
  for (const raw of pointer === '' ? [] : pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(value)) {
      path = `${path}[${segment}]`;
      value = value[Number(segment)];
    } else {
      path = child(path, segment);
      value = (value as Record<string, unknown> | undefined)?.[segment];
    }
  }
  return { value, path };
}

// "name" under the input itself, "parent.name" below it.
function child(path: string, name: string): string {
  return path === '$' ? name : `${path}.${name}`;
}
