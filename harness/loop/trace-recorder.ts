import type { EventPayloads, EventType, Trace } from './types.ts';
import { jsonCopy } from './json-copy.ts';

// One recorded event, as printed under "events".
export type RecordedEvent = { type: string; payload: unknown };

// The trace the harness hands the runner: keeps a copy of every event, in the order emitted.
export class TraceRecorder implements Trace {
  readonly events: RecordedEvent[] = [];

  // Records one event; the payload is copied at once, so later changes to it do not show.
  emit<K extends EventType>(type: K, payload: EventPayloads[K]): void {
    this.events.push({ type, payload: jsonCopy(payload) });
  }
}
