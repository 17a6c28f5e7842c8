// The authoring rule on a dispatch case's calls: each names a tool the stage can reach (introduced by it or an earlier
// stage) with the parameters that tool declares, so a typo ("veiw", "paht") is not recorded as the answer key. A case
// that sends a bad name or argument on purpose says so with "sendsBadCalls": true.
import { DISPATCH_TOOLS, type DispatchTool } from './dispatch-tools.ts';
import { closest } from '../../text/core/closest.ts';

const ON_PURPOSE = 'if the case sends it on purpose, add "sendsBadCalls": true to the case';

// The tools a stage's calls can name: those introduced by it or by a stage before it in the manifest (a tool whose
// stage the manifest lacks counts as reachable).
export function reachableTools(stageOrder: readonly string[], stage: string): DispatchTool[] {
  const at = stageOrder.indexOf(stage);
  return DISPATCH_TOOLS.filter((tool) => {
    const introduced = stageOrder.indexOf(tool.stage);
    return introduced < 0 || at < 0 || introduced <= at;
  });
}

// The problems of one dispatch case's calls, each as "$.input.calls[i]…: what".
export function callProblems(input: unknown, stage: string, stageOrder: readonly string[]): string[] {
  const calls = (input as { calls?: unknown } | null)?.calls;
  if (!Array.isArray(calls)) return [];
  const reachable = reachableTools(stageOrder, stage);
  return calls.flatMap((call: { tool?: unknown; input?: unknown } | null, i) => {
    if (typeof call?.tool !== 'string') return [];
    const at = `$.input.calls[${i}]`;
    const tool = reachable.find((t) => t.name === call.tool);
    if (!tool) return [toolProblem(call.tool, at, stage, reachable)];
    return parameterProblems(call.input, tool, `${at}.input`);
  });
}

function toolProblem(name: string, at: string, stage: string, reachable: DispatchTool[]): string {
  const later = DISPATCH_TOOLS.find((t) => t.name === name);
  if (later) return `${at}.tool: "${name}" is introduced by stage "${later.stage}", after "${stage}": a student on this stage has not written it; move the case to stage "${later.stage}", or ${ON_PURPOSE}`;
  const names = reachable.map((t) => t.name);
  const suggestion = closest(name, names);
  return `${at}.tool: unknown tool "${name}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; stage "${stage}" can reach ${names.join(', ')}; ${ON_PURPOSE}`;
}

function parameterProblems(input: unknown, tool: DispatchTool, at: string): string[] {
  const shown = [...tool.required, ...tool.optional].map((p) => p.join('|')).join(', ');
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return [`${at}: ${input === undefined ? 'missing' : 'not an object'}: ${tool.name} takes {${shown}}; ${ON_PURPOSE}`];
  }
  const known = [...tool.required, ...tool.optional].flat();
  const problems: string[] = [];
  for (const key of Object.keys(input)) {
    if (known.includes(key)) continue;
    const suggestion = closest(key, known);
    problems.push(`${at}.${key}: ${tool.name} has no parameter "${key}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; it takes ${shown}; ${ON_PURPOSE}`);
  }
  for (const names of tool.required) {
    if (!names.some((name) => name in input)) problems.push(`${at}: ${tool.name} needs "${names[0]}"${names.length > 1 ? ` (or ${names.slice(1).map((n) => `"${n}"`).join(', ')})` : ''}; ${ON_PURPOSE}`);
  }
  return problems;
}
