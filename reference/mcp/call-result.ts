import type { ToolOutput } from '../types.ts';
import { failure, success } from '../results.ts';
import { contentLine } from './content-line.ts';
import { canonicalJson } from '../loop/canonical-json.ts';

// The part of a tools/call answer the runtime reads: its content items, its structured content and the isError flag.
// (The SDK gives an answer without content an empty one.)
export type CallAnswer = {
  content: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
};

// The observation for an answered call: one line (or more, for an embedded text resource) per
// content item, joined by "\n"; an answer with structuredContent and no content item at all gives
// its canonical JSON. (Not when other items are there: servers such as server-filesystem repeat an
// image's base64 inside structuredContent, which the model must not get as text.)
// isError: true makes it an error result with that text, unchanged.
export function resultOf(answer: CallAnswer): ToolOutput {
  const items = answer.content;
  const lines = items.map(contentLine);
  const text = items.length === 0 && answer.structuredContent !== undefined ? canonicalJson(answer.structuredContent) : lines.join('\n');
  return answer.isError === true ? failure(text) : success(text);
}

