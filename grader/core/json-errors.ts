// Turning JSON parse and schema errors into "where: what" lines an instructor can act on.

type SchemaError = { instancePath: string; message?: string | undefined; keyword: string; params: Record<string, unknown> };

// "$.input.calls[0]" from an ajv instance path such as "/input/calls/0".
export function pointerToPath(pointer: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `${path}.${part}` : `${path}[${JSON.stringify(part)}]`), '$');
}

// One line per schema error: the JSON path and what is wrong there.
export function describeSchemaError(error: SchemaError): string {
  const path = pointerToPath(error.instancePath);
  if (error.keyword === 'additionalProperties') return `${path}: unknown property "${String(error.params.additionalProperty)}"`;
  if (error.keyword === 'required') return `${path}: missing required property "${String(error.params.missingProperty)}"`;
  return `${path}: ${error.message ?? error.keyword}`;
}

// The line and column (1-based) of a character offset in a text.
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

// A JSON text's value, or where and why it does not parse ("line 3, column 7: …").
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    const position = /at position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : /end of JSON input/.test(message) ? text.length : undefined;
    const detail = message.replace(/\s*in JSON at position \d+.*$/, '');
    if (offset === undefined) return { ok: false, problem: `invalid JSON: ${detail}` };
    const { line, column } = lineAndColumn(text, offset);
    return { ok: false, problem: `invalid JSON at line ${line}, column ${column}: ${detail}` };
  }
}
