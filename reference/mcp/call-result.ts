import type { ToolOutput } from '../types.ts';
import { failure, success } from '../results.ts';

// The part of a tools/call answer the runtime reads: its content items and the isError flag.
export type CallAnswer = {
  content?: unknown[];
  isError?: boolean;
};

// The observation for an answered call: the text items joined by "\n" (other kinds are dropped);
// isError: true makes it an error result with that text, unchanged.
export function resultOf(answer: CallAnswer): ToolOutput {
  const text = (answer.content ?? []).filter(isTextItem).map((item) => item.text).join('\n');
  return answer.isError === true ? failure(text) : success(text);
}

// True for a content item of type text that carries its text.
function isTextItem(item: unknown): item is { type: 'text'; text: string } {
  return typeof item === 'object' && item !== null && (item as { type?: unknown }).type === 'text' && typeof (item as { text?: unknown }).text === 'string';
}
