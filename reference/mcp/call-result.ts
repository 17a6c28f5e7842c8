import type { ToolOutput } from '../types.ts';
import { failure, success } from '../results.ts';
import { contentLine } from './content-line.ts';
import { canonicalJson } from './canonical-json.ts';

// The part of a tools/call answer the runtime reads: its content items, its structured content and the isError flag.
export type CallAnswer = {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
};

// The observation for an answered call: one line (or more, for an embedded text resource) per
// content item, joined by "\n"; when no item is text, structuredContent's canonical JSON comes
// first. isError: true makes it an error result with that text, unchanged.
export function resultOf(answer: CallAnswer): ToolOutput {
  const items = answer.content ?? [];
  const lines = items.map(contentLine);
  if (answer.structuredContent !== undefined && !items.some(isTextItem)) lines.unshift(canonicalJson(answer.structuredContent));
  const text = lines.join('\n');
  return answer.isError === true ? failure(text) : success(text);
}

// True for a content item of type text.
function isTextItem(item: unknown): boolean {
  return typeof item === 'object' && item !== null && (item as { type?: unknown }).type === 'text';
}
