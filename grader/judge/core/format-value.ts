// A JSON value as one short line, as failure messages quote it.
import { isMatcher } from './matchers.ts';

const VALUE_CHARS = 160;

// A JSON value as one short line, matchers described in words.
export function formatValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (isMatcher(value)) return '$regex' in value ? `a string matching /${value.$regex}/` : `any ${value.$any}`;
  const text = JSON.stringify(value);
  return text.length <= VALUE_CHARS ? text : `${text.slice(0, VALUE_CHARS)}…`;
}
