import { parse as parseTolerant, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { closest } from '../../text/core/closest.ts';

// Turning JSON parse and schema errors into "where: what" lines an instructor can act on.

type SchemaError = { instancePath: string; message?: string | undefined; keyword: string; params: Record<string, unknown>; parentSchema?: unknown };

// "$.input.calls[0]" from an ajv instance path such as "/input/calls/0".
export function pointerToPath(pointer: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `${path}.${part}` : `${path}[${JSON.stringify(part)}]`), '$');
}

// One line per schema error: the JSON path and what is wrong there.
export function describeSchemaError(error: SchemaError): string {
  const path = pointerToPath(error.instancePath);
  if (error.keyword === 'additionalProperties') {
    const name = String(error.params.additionalProperty);
    // ajv's verbose mode gives the schema that refused the key: its properties are the names the author meant.
    const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const suggestion = closest(name, known);
    return `${path}: unknown property "${name}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`;
  }
  if (error.keyword === 'required') return `${path}: missing required property "${String(error.params.missingProperty)}"`;
  return `${path}: ${error.message ?? error.keyword}`;
}

// The line and column (1-based) of a character offset in a text.
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

const PARSE_ERROR_WORDS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a double-quoted property name',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'expected the end of the file',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string',
};

// A JSON text's value, or where and why it does not parse ("invalid JSON at line 3, column 7: expected a value").
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // JSON.parse rejected it; a tolerant scanner finds where, since engine messages vary and often omit the position.
    const errors: ParseError[] = [];
    parseTolerant(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    if (!first) return { ok: false, problem: `invalid JSON: ${(error as Error).message}` };
    return { ok: false, problem: placeParseError(text, first.offset, printParseErrorCode(first.error)) };
  }
}

// Codes the scanner reports at the token after the mistake: the mistake is right after the previous token.
const MISSING_AFTER = new Set(['CommaExpected', 'ColonExpected', 'CloseBraceExpected', 'CloseBracketExpected']);

// "invalid JSON at line L, column C: what", placed where the author has to type: a missing "," goes after the value it
// follows (not at the next key, a line later), a trailing comma is named at the comma.
export function placeParseError(text: string, offset: number, code: string): string {
  const before = text.slice(0, offset).trimEnd();
  const at = (o: number) => {
    const { line, column } = lineAndColumn(text, o);
    return `line ${line}, column ${column}`;
  };
  if ((code === 'ValueExpected' || code === 'PropertyNameExpected') && before.endsWith(',') && /^\s*[\]}]/.test(text.slice(offset))) {
    return `invalid JSON at ${at(before.length - 1)}: a trailing comma is not allowed in JSON`;
  }
  if (MISSING_AFTER.has(code) && before.length > 0 && before.length < offset && offset < text.length) {
    return `invalid JSON at ${at(before.length)}: ${PARSE_ERROR_WORDS[code] ?? code} (the next token is at ${at(offset)})`;
  }
  return `invalid JSON at ${at(offset)}: ${PARSE_ERROR_WORDS[code] ?? code}`;
}
