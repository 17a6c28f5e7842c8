import type { Stage } from './types.ts';

// The README of a new course directory, made from the course's manifest (stages/stages.json) and the starter's stubs,
// so it names every stage, its instructions file and its program.ts command, and never falls behind the course.

/** The heading of the section the MCP stage's list of real servers to try goes under (filled by that stage's author). */
export const MCP_SERVERS_HEADING = '## Real MCP servers to try';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

// The stubs by file: "src/tools.ts: Tools.view, Tools.create" (a stub reads "<what> in <file>").
function stubLines(stubs: string[]): string[] {
  const byFile = new Map<string, string[]>();
  for (const stub of stubs) {
    const [what, file] = stub.split(' in ');
    if (!what || !file) continue;
    byFile.set(file, [...(byFile.get(file) ?? []), what]);
  }
  return [...byFile].sort(([a], [b]) => a.localeCompare(b)).map(([file, whats]) => `- \`${file}\`: ${whats.map((w) => `\`${w}\``).join(', ')}`);
}

// The course directory's README.md: how to start, every stage in order, where the code goes, and where to read more.
export function courseReadme(stages: Stage[], stubs: string[]): string {
  const commands = [...new Set(stages.map((s) => s.command))];
  const mcp = stages.find((s) => s.command === 'mcp');
  const rows = stages.map((s, i) => `| ${i + 1} | \`${s.slug}\` | ${cell(s.title)} | \`program.ts ${s.command}\` | \`npx dispatch-lab show ${s.slug}\` (\`node_modules/dispatch-lab/stages/${s.slug}.md\`) |`);
  return [
    '# My dispatch-lab course directory',
    '',
    "You are building the part of an agent runtime that turns a model's tool call into an observation: file and shell",
    `tools, the dispatcher that routes a call to them by name, and the layers above it (${commands.map((c) => `\`${c}\``).join(', ')}).`,
    '',
    '## Start',
    '```sh',
    'npm install',
    'npx dispatch-lab test            # grades the stages in order and stops at the first failing one',
    `npx dispatch-lab show ${stages[0]?.slug ?? 'echo'}       # the instructions of a stage`,
    'npx dispatch-lab test --watch    # regrade on every save',
    'npx dispatch-lab stages          # where you are',
    '```',
    '',
    `## The ${stages.length} stages`,
    'The grader runs `program.ts <command>` for each case of a stage, feeds it JSON on stdin and compares what it prints.',
    '',
    '| # | stage | what you build | command | instructions |',
    '| ---: | --- | --- | --- | --- |',
    ...rows,
    '',
    '## What is where',
    '- `src/` is yours; each stub below throws "not implemented" until you write it:',
    ...stubLines(stubs).map((line) => `  ${line}`),
    '- `program.ts` and `harness/` are given: `program.ts <command>` reads the case from stdin, calls your code and prints',
    '  one JSON document.',
    `- Try a case by hand: \`printf '%s' '{"calls":[{"tool":"echo","input":{"text":"hi"}}]}' | npx tsx program.ts dispatch\``,
    '- Debug output goes to stderr (`console.error`): stdout must hold only the one JSON document.',
    '',
    ...(mcp ? [MCP_SERVERS_HEADING, `Once \`${mcp.slug}\` passes, \`npx dispatch-lab show ${mcp.slug}\` lists servers to connect your runtime to.`, ''] : []),
  ].join('\n');
}
