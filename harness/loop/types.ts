import type { Descriptor } from '../registry/types.ts';

// tool-loop: the shapes that pass between the runner, the scripted model and the trace.

// A tool call as the model wrote it. A model may leave `id` out (the runner must cope).
export type ToolCall = {
  // Correlates the call with its tool message; absent or "" means the call has none.
  id?: string;
  name: string;
  arguments: unknown;
};

// One model turn: tool calls to run, or final text. Only `tool_calls` decides what happens next:
// a turn with at least one call is run and answered; a turn without calls ends the session.
export type ModelTurn = {
  content?: string;
  tool_calls?: ToolCall[];
  // What the model says about itself; the runner does not need it.
  stop?: boolean;
};

// The message that opens the session.
export type UserMessage = { role: 'user'; content: string };

// What the model said: its text ("" when none) and, only on a turn that has calls, those calls as written.
export type AssistantMessage = { role: 'assistant'; content: string; tool_calls?: ToolCall[] };

// The answer to one call: the call's name and id ("" when it had none), and the encoded outcome.
export type ToolMessage = { role: 'tool'; name: string; tool_call_id: string; content: string };

// One entry of the conversation the runner sends the model.
export type Message = UserMessage | AssistantMessage | ToolMessage;

// The model the runner talks to: the harness's scripted model, which records every request.
export type Model = {
  // Answers the conversation so far, given the descriptors of the tools it may call.
  complete(messages: Message[], tools: Descriptor[]): Promise<ModelTurn>;
};

// Why a session ended: the model answered without tool calls, or the turn limit was reached.
export type StopReason = 'stop' | 'max_turns';

// The payload of each trace event, by event type (in the order a session emits them).
export type EventPayloads = {
  'session.start': { max_turns: number };
  'user.message': { content: string };
  // `turn` counts model requests from 1; `message_count` is how many messages this request sends.
  'model.request': { turn: number; message_count: number };
  // The ids of the turn's calls ("" for a call without one), or its final text when it has no calls.
  'model.response': { turn: number; tool_call_ids: string[] } | { turn: number; final: string };
  'tool.request': { tool_call_id: string; name: string; arguments: unknown };
  'tool.result': { tool_call_id: string; ok: boolean };
  // `turns` is how many model requests the session made.
  'session.stop': { reason: StopReason; turns: number };
};

export type EventType = keyof EventPayloads;

// Where the runner records what happened, in order.
export type Trace = {
  emit<K extends EventType>(type: K, payload: EventPayloads[K]): void;
};

export type LoopOptions<R> = {
  // The user's message that starts the session.
  user: string;
  model: Model;
  // The solution's registry (stage validate-args), with the course's extra tools registered.
  registry: R;
  trace: Trace;
  // How many model requests the session may make (at least 1).
  maxTurns: number;
};

export type LoopOutcome = {
  // The final turn's text ("" when it had none); null when the turn limit ended the session.
  final: string | null;
  stopReason: StopReason;
};
