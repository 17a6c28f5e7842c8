// The authoring rule on a case's calls, for every command whose input holds any (call-sites.ts): each names a tool
// the stage can reach with the parameters that tool declares, so a typo ("veiw", "paht") is not recorded as the answer
// key. A case that sends a bad name or argument on purpose says so with "sendsBadCalls": true.
import { COMMAND_CALLS, callsAt, type CommandCalls, type FoundCall } from './call-sites.ts';
import type { CourseTool } from './course-tools.ts';
import { closest } from '../../text/core/closest.ts';

const ON_PURPOSE = 'if the case sends it on purpose, add "sendsBadCalls": true to the case';

// The tools a stage's calls can name: for a staged command, those introduced by it or by a stage before it in the
// manifest (a tool whose stage the manifest lacks counts as reachable); else all of the command's tools.
export function reachableTools(calls: CommandCalls, input: Record<string, unknown>, stageOrder: readonly string[], stage: string): CourseTool[] {
  const tools = calls.tools(input);
  if (!calls.staged) return [...tools];
  const at = stageOrder.indexOf(stage);
  return tools.filter((tool) => {
    const introduced = tool.stage === undefined ? -1 : stageOrder.indexOf(tool.stage);
    return introduced < 0 || at < 0 || introduced <= at;
  });
}

// The problems of one case's calls, each as "$.input.<path to the call>…: what"; none for a command without calls.
export function callProblems(input: unknown, command: string, stage: string, stageOrder: readonly string[]): string[] {
  const calls = COMMAND_CALLS[command];
  if (calls === undefined || input === null || typeof input !== 'object' || Array.isArray(input)) return [];
  const request = input as Record<string, unknown>;
  if (calls.runs && !calls.runs(request)) return [];
  const reachable = reachableTools(calls, request, stageOrder, stage);
  const open = calls.openPrefixes?.(request) ?? [];
  return calls.sites.flatMap((site) => callsAt(request, site)).flatMap((call) => {
    if (typeof call.name !== 'string') return [];
    const at = `$.input.${call.at}`;
    const tool = reachable.find((t) => t.name === call.name);
    if (tool) return parameterProblems(call, tool, `${at}.${call.site.args}`);
    if (open.some((prefix) => (call.name as string).startsWith(prefix))) return [];
    return [toolProblem(call, `${at}.${call.site.name}`, stage, calls.tools(request), reachable, open)];
  });
}

function toolProblem(call: FoundCall, at: string, stage: string, all: readonly CourseTool[], reachable: CourseTool[], open: string[]): string {
  const name = call.name as string;
  const later = all.find((t) => t.name === name);
  if (later?.stage) return `${at}: "${name}" is introduced by stage "${later.stage}", after "${stage}": a student on this stage has not written it; move the case to stage "${later.stage}", or ${ON_PURPOSE}`;
  const names = reachable.map((t) => t.name);
  const suggestion = closest(name, [...names, ...open.map((prefix) => `${prefix}…`)]);
  const servers = open.length > 0 ? ` and the tools of its servers (${open.map((p) => `${p}…`).join(', ')})` : '';
  return `${at}: unknown tool "${name}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; stage "${stage}" can reach ${names.join(', ')}${servers}; ${ON_PURPOSE}`;
}

function parameterProblems(call: FoundCall, tool: CourseTool, at: string): string[] {
  const shown = [...tool.required, ...tool.optional].map((p) => p.join('|')).join(', ');
  // Absent (or null) arguments are no arguments, as every harness reads them.
  const args = call.args ?? {};
  if (typeof args !== 'object' || Array.isArray(args)) return [`${at}: not an object: ${tool.name} takes {${shown}}; ${ON_PURPOSE}`];
  const known = [...tool.required, ...tool.optional].flat();
  const problems: string[] = [];
  for (const key of tool.open ? [] : Object.keys(args)) {
    if (known.includes(key)) continue;
    const suggestion = closest(key, known);
    const takes = known.length === 0 ? 'it takes no arguments' : `it takes ${shown}`;
    problems.push(`${at}${keyPath(key)}: ${tool.name} has no parameter "${key}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; ${takes}; ${ON_PURPOSE}`);
  }
  for (const names of tool.required) {
    if (!names.some((name) => Object.hasOwn(args, name))) problems.push(`${at}: ${tool.name} needs "${names[0]}"${names.length > 1 ? ` (or ${names.slice(1).map((n) => `"${n}"`).join(', ')})` : ''}; ${ON_PURPOSE}`);
  }
  return problems;
}

// One key's step in a JSON path: .key for a plain name, ["key"] otherwise.
function keyPath(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
