import type { ErrorWording, InputSchema } from './input-schema.ts';

// Reads a command's stdin against its declared input schema: the value with its defaults filled in, or one line naming
// the first problem. Hand-written for the few keywords input-schema.ts allows rather than a validator library: it runs
// at the start of every case's process, and a starter course may have no packages installed yet.

// A place in the input: keys and array indexes from the top.
type Path = readonly (string | number)[];

// A problem found at a node: where it is reported, and the message unless a wording replaces it.
class Refusal {
  constructor(
    readonly path: Path,
    readonly text: string,
    // Set once a node's string wording took it: the nearest wording wins.
    readonly final = false,
  ) {}
}

// The stdin text as a JSON object checked against `schema` (its top level), or what is wrong with it.
export function readInput(schema: InputSchema, text: string): Record<string, unknown> | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'stdin is not valid JSON';
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'stdin must be a JSON object';
  return readValue(schema, data, []) as Record<string, unknown> | string;
}

// A value checked against `schema` at `path` (for a part of an input the harness reads by itself), or the problem.
export function readValue(schema: InputSchema, value: unknown, path: Path): unknown {
  try {
    return read(schema, value, path);
  } catch (error) {
    if (error instanceof Refusal) return error.text;
    throw error;
  }
}

// The place of a path as messages write it: `"policy.deny"` for keys alone, `calls[0].tool` once an index is in it.
export function whereOf(path: Path): string {
  if (path.length === 0) return 'stdin';
  const text = path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
  return path.some((part) => typeof part === 'number') ? text : `"${text}"`;
}

// A wording filled in for a place.
function worded(wording: string, path: Path, known = ''): string {
  const where = whereOf(path);
  const text = wording.replaceAll('{known}', known);
  return text.includes('{where}') ? text.replaceAll('{where}', where) : `${where} ${text}`;
}

// Runs `check`; a problem below a node whose wording is a string is reported at the node in that wording.
function within<T>(schema: InputSchema, path: Path, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof Refusal && !error.final && typeof schema.errorMessage === 'string') throw new Refusal(path, worded(schema.errorMessage, path), true);
    throw error;
  }
}

// The node's own wording for a missing or wrong value, or the generic message.
function wrong(schema: InputSchema, path: Path, generic: string): Refusal {
  const wording: ErrorWording | undefined = schema.errorMessage;
  const own = typeof wording === 'object' ? wording.type : undefined;
  return own !== undefined ? new Refusal(path, worded(own, path), true) : new Refusal(path, `${whereOf(path)} ${generic}`);
}

function read(schema: InputSchema, value: unknown, path: Path): unknown {
  return within(schema, path, () => {
    switch (schema.type) {
      case 'object':
        return readObject(schema, value, path);
      case 'array':
        if (!Array.isArray(value)) throw wrong(schema, path, 'must be an array');
        return schema.items === undefined ? value : value.map((item, index) => read(schema.items as InputSchema, item, [...path, index]));
      case 'string':
        if (typeof value !== 'string') throw wrong(schema, path, 'must be a string');
        if (schema.minLength !== undefined && value.length < schema.minLength) throw wrong(schema, path, schema.minLength === 1 ? 'must not be empty' : `must be at least ${schema.minLength} characters long`);
        if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) throw wrong(schema, path, `must match ${schema.pattern}`);
        return value;
      case 'integer':
      case 'number':
        if (typeof value !== 'number' || (schema.type === 'integer' && !Number.isInteger(value)) || (schema.minimum !== undefined && value < schema.minimum)) {
          throw wrong(schema, path, `must be ${schema.type === 'integer' ? 'an integer' : 'a number'}${schema.minimum === undefined ? '' : ` of at least ${schema.minimum}`}`);
        }
        return value;
      case 'boolean':
        if (typeof value !== 'boolean') throw wrong(schema, path, 'must be a boolean');
        return value;
      default:
        return value;
    }
  });
}

// An object: unknown keys first, then each declared key in order (a missing required one is its problem; a missing
// one with a default gets it), then the keys its additionalProperties schema covers. The result has the declared keys
// in their declared order, then the others in the order given.
function readObject(schema: InputSchema, value: unknown, path: Path): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw wrong(schema, path, 'must be an object');
  const data = value as Record<string, unknown>;
  const properties = schema.properties ?? {};
  const known = Object.keys(properties);
  if (schema.additionalProperties === false) {
    const unknown = Object.keys(data).find((key) => !Object.hasOwn(properties, key));
    if (unknown !== undefined) {
      const wording = typeof schema.errorMessage === 'object' ? schema.errorMessage.unknownKey : undefined;
      const text = wording !== undefined ? worded(wording, [...path, unknown], known.join(', ')) : `${whereOf(path)} has an unknown key "${unknown}" (known: ${known.join(', ')})`;
      throw new Refusal(path, text, wording !== undefined);
    }
  }
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(properties)) {
    const at = [...path, key];
    if (Object.hasOwn(data, key)) result[key] = read(child, data[key], at);
    else if (schema.required?.includes(key)) within(child, at, () => {
        throw wrong(child, at, 'is required');
      });
    else if (child.default !== undefined) result[key] = structuredClone(child.default);
  }
  const rest = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const [key, item] of Object.entries(data)) {
    if (!Object.hasOwn(properties, key)) result[key] = rest === undefined ? item : read(rest, item, [...path, key]);
  }
  return result;
}
