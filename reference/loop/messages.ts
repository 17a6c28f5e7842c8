import type { AssistantMessage, ModelTurn, ToolMessage, UserMessage } from '../../harness/loop/types.ts';

// The message that opens the session.
export function userMessage(content: string): UserMessage {
  return { role: 'user', content };
}

// What the model said on a turn with calls: its text ("" when none) and the calls exactly as written.
// (A turn without calls ends the session, so its message is never sent and the loop does not build it.)
export function assistantMessage(turn: ModelTurn): AssistantMessage {
  return { role: 'assistant', content: turn.content ?? '', tool_calls: turn.tool_calls };
}

// The answer to one call, carrying its name and id so the model can tell which call it answers.
export function toolMessage(name: string, toolCallId: string, content: string): ToolMessage {
  return { role: 'tool', name, tool_call_id: toolCallId, content };
}
