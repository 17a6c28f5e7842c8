import type { CommandOutput, Solution } from '../solution.ts';
import type { Registry } from '../registry/types.ts';
import type { LoopOutcome } from './types.ts';
import { parseLoopRequest } from './loop-request.ts';
import { withRegistry } from '../registry/with-registry.ts';
import { ScriptedModel } from './scripted-model.ts';
import { TraceRecorder } from './trace-recorder.ts';
import { courseTools } from './course-tools.ts';
import { partOf } from '../missing-export.ts';
import { badRequest, escapedError } from '../failure-report.ts';
import { isObject } from '../request-fields.ts';

// `loop`: builds the solution's registry over a seeded sandbox, adds the course tools, runs the
// solution's runLoop against a scripted model and a trace recorder, and prints on one line
// `{"final", "stop_reason", "requests", "events"}`: what the session returned, what each model
// request carried, and every trace event.
export async function runLoopCommand<T, R extends Registry>(stdinText: string, solution: Solution<T, R>): Promise<CommandOutput> {
  const request = parseLoopRequest(stdinText);
  if (typeof request === 'string') return badRequest('loop', request);
  return withRegistry(solution, request.sandbox, 'loop', async (registry) => {
    try {
      for (const tool of courseTools) registry.register(tool);
    } catch (error) {
      return escapedError('registering the course tools threw', error, 'loop');
    }
    const model = new ScriptedModel(request.turns);
    const trace = new TraceRecorder();
    let outcome: unknown;
    try {
      outcome = await partOf(solution, 'runLoop')({ user: request.user, model, registry, trace, maxTurns: request.maxTurns });
    } catch (error) {
      return escapedError('runLoop threw', error, 'loop');
    }
    // A runner that returns something else than {final, stopReason} shows as missing fields, not as a crash.
    const { final, stopReason } = (isObject(outcome) ? outcome : {}) as Partial<LoopOutcome>;
    const document = { final, stop_reason: stopReason, requests: model.requests, events: trace.events };
    return { stdout: `${JSON.stringify(document)}\n`, stderr: '', exitCode: 0 };
  });
}
