import type { Descriptor } from '../registry/types.ts';

// tool-loop: the shapes that pass between the runner, the scripted model and the trace.

// A tool call as the model wrote it. A scripted model may leave `id` out (a case checks that).
export type ToolCall = {
  id?: string;
  name: string;
  arguments: unknown;
};

// One model turn: tool calls to run, or final text.
export type ModelTurn = {
  content?: string;
  tool_calls?: ToolCall[];
  stop?: boolean;
};

// One entry of the conversation the runner sends the model.
export type Message = {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
};

// The model the runner talks to: the harness's scripted model, which records every request.
export type Model = {
  complete(messages: Message[], tools: Descriptor[]): Promise<ModelTurn>;
};

// Where the runner records what happened, in order.
export type Trace = {
  emit(type: string, payload: Record<string, unknown>): void;
};

export type LoopOptions<R> = {
  // The user's message that starts the session.
  user: string;
  model: Model;
  registry: R;
  trace: Trace;
  // How many model requests the session may make.
  maxTurns: number;
};

export type LoopOutcome = {
  // The model's final text; null when the turn limit ended the session.
  final: string | null;
  stopReason: 'stop' | 'max_turns';
};
