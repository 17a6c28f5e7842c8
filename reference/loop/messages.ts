import type { AssistantMessage, ModelTurn, ToolMessage, UserMessage } from '../../harness/loop/types.ts';

// The message that opens the session.
export function userMessage(content: string): UserMessage {
  return { role: 'user', content };
}

// What the model said: its text ("" when none), and its calls only when it made some.
export function assistantMessage(turn: ModelTurn): AssistantMessage {
  const content = turn.content ?? '';
  const calls = turn.tool_calls ?? [];
  return calls.length === 0 ? { role: 'assistant', content } : { role: 'assistant', content, tool_calls: calls };
}

// The answer to one call, carrying its name and id so the model can tell which call it answers.
export function toolMessage(name: string, toolCallId: string, content: string): ToolMessage {
  return { role: 'tool', name, tool_call_id: toolCallId, content };
}
