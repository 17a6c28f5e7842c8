#!/usr/bin/env node
// The course's MCP server: a small stdio server on the official SDK's McpServer, for stage
// mcp-discovery. Plain JavaScript, so that it runs with `node` in a course directory:
//
//   node harness/mcp/course-server.mjs --name course --tools echo,add,stats [--trace]
//
// --name   the name the server gives itself (echo's answers start with it); default "course"
// --tools  the tools it offers at start, comma-separated (at least one); default: every tool below
// --trace  log every JSON-RPC message it receives (<-) and sends (->) on stderr
//
// It exits when its stdin closes (the client ended the session).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

// What the server has seen: every tools/call by tool name, in order, and the calls the client cancelled.
const seen = { received: [], cancelled: [] };

// A text-only tool result.
function text(value, isError = false) {
  return isError ? { content: [{ type: 'text', text: value }], isError: true } : { content: [{ type: 'text', text: value }] };
}

// An error the SDK sends as a JSON-RPC error response: {code, message} from its fields. (An McpError
// would do too, but its message already reads "MCP error -32603: …", and the client adds that again.)
function jsonRpcError(code, message) {
  return Object.assign(new Error(message), { code });
}

// The tools, by name: what each one is, and how it answers. `rpcError` tools never reach McpServer (see below).
const CATALOG = {
  echo: (ctx) => ({
    description: 'Return the text, prefixed with the server name.',
    inputSchema: { text: z.string() },
    handler: async ({ text: value }) => text(`${ctx.name}: ${value}`),
  }),
  add: () => ({
    description: 'Add two numbers.',
    inputSchema: { a: z.number(), b: z.number() },
    handler: async ({ a, b }) => text(String(a + b)),
  }),
  fail: () => ({
    description: 'Answer with a tool error (isError: true) whose text is the reason.',
    inputSchema: { reason: z.string() },
    handler: async ({ reason }) => text(reason, true),
  }),
  rpc_error: () => ({
    description: 'Fail the whole request with a JSON-RPC error (code -32603) carrying the message.',
    inputSchema: { message: z.string() },
    rpcError: (args) => jsonRpcError(ErrorCode.InternalError, String(args?.message)),
    handler: async () => text('not reached'),
  }),
  crash: () => ({
    description: 'Exit the server process in the middle of the call, without answering.',
    inputSchema: {},
    handler: async () => process.exit(1),
  }),
  hang: () => ({
    description: 'Never answer; a cancelled call is recorded (see stats).',
    inputSchema: {},
    handler: (_args, extra) =>
      new Promise((resolve) => {
        extra.signal.addEventListener('abort', () => {
          seen.cancelled.push('hang');
          resolve(text('cancelled'));
        });
      }),
  }),
  stats: () => ({
    description: 'What the server has seen: {"received": tool names of every tools/call in order, this one included; "cancelled": calls the client cancelled}.',
    inputSchema: {},
    handler: async () => text(JSON.stringify(seen)),
  }),
  parts: () => ({
    description: 'Answer with one text item per entry of texts, and an image item after the first.',
    inputSchema: { texts: z.array(z.string()) },
    handler: async ({ texts }) => {
      const items = texts.map((value) => ({ type: 'text', text: value }));
      items.splice(1, 0, { type: 'image', data: 'AAAA', mimeType: 'image/png' });
      return { content: items };
    },
  }),
  greet: () => ({
    description: 'Greet someone by name.',
    inputSchema: { name: z.string() },
    handler: async ({ name }) => text(`Hello, ${name}!`),
  }),
  upgrade_greet: (ctx) => ({
    description: 'Change greet: it now requires a greeting as well (the tool list changes).',
    inputSchema: {},
    handler: async () => {
      const greet = ctx.tools.get('greet');
      if (greet === undefined) return text('there is no greet tool', true);
      greet.update({
        description: 'Greet someone by name, with the given greeting.',
        paramsSchema: { name: z.string(), greeting: z.string() },
        callback: async ({ name, greeting }) => text(`${greeting}, ${name}!`),
      });
      return text('greet now takes a greeting');
    },
  }),
  add_tool: (ctx) => ({
    description: 'Add a tool of that name that answers with its text in upper case (the tool list changes).',
    inputSchema: { name: z.string() },
    handler: async ({ name }) => {
      if (ctx.tools.has(name)) return text(`tool ${name} already exists`, true);
      addTool(ctx, name, {
        description: 'Added at run time: answer with the text in upper case.',
        inputSchema: { text: z.string() },
        handler: async ({ text: value }) => text(value.toUpperCase()),
      });
      return text(`added ${name}`);
    },
  }),
  remove_tool: (ctx) => ({
    description: 'Remove the tool of that name (the tool list changes).',
    inputSchema: { name: z.string() },
    handler: async ({ name }) => {
      const tool = ctx.tools.get(name);
      if (tool === undefined) return text(`no tool named ${name}`, true);
      tool.remove();
      ctx.tools.delete(name);
      return text(`removed ${name}`);
    },
  }),
};

// Registers one tool with McpServer. Once the server is connected, McpServer itself sends
// notifications/tools/list_changed, and writes it before the answer of the call that caused it.
function addTool(ctx, name, { description, inputSchema, handler, rpcError }) {
  ctx.tools.set(name, ctx.server.registerTool(name, { description, inputSchema }, handler));
  if (rpcError) ctx.rpcErrors.set(name, rpcError);
}

// McpServer turns every error a tool handler throws into an isError result. A JSON-RPC error needs
// the request itself to fail, so the tools/call handler McpServer installs is wrapped: it records
// each call for `stats`, and answers rpc_error with a JSON-RPC error before McpServer sees the call.
function wrapToolCalls(ctx) {
  const install = ctx.server.server.setRequestHandler.bind(ctx.server.server);
  ctx.server.server.setRequestHandler = (schema, handler) => {
    if (schema !== CallToolRequestSchema) return install(schema, handler);
    return install(schema, async (request, extra) => {
      const { name, arguments: args } = request.params;
      seen.received.push(name);
      const rpcError = ctx.tools.has(name) ? ctx.rpcErrors.get(name) : undefined;
      if (rpcError) throw rpcError(args);
      return handler(request, extra);
    });
  };
}

// --name, --tools and --trace from argv; exits 2 on anything else.
function optionsOf(argv) {
  const options = { name: 'course', tools: Object.keys(CATALOG), trace: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--trace') options.trace = true;
    else if (flag === '--name' && argv[i + 1] !== undefined) options.name = argv[++i];
    else if (flag === '--tools' && argv[i + 1] !== undefined) options.tools = argv[++i].split(',').filter((tool) => tool !== '');
    else usage(`unknown argument: ${flag}`);
  }
  if (options.tools.length === 0) usage('--tools needs at least one tool');
  const unknown = options.tools.find((tool) => !Object.hasOwn(CATALOG, tool));
  if (unknown !== undefined) usage(`unknown tool: ${unknown} (known: ${Object.keys(CATALOG).join(', ')})`);
  return options;
}

// Says what is wrong with the command line, and exits 2.
function usage(problem) {
  process.stderr.write(`course-server: ${problem}\nusage: node harness/mcp/course-server.mjs [--name NAME] [--tools a,b,c] [--trace]\n`);
  process.exit(2);
}

// With --trace, every message in and out is logged on stderr before it is handled or written.
function traceMessages(transport, name) {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    process.stderr.write(`[${name}] -> ${JSON.stringify(message)}\n`);
    return send(message, options);
  };
  // McpServer.connect keeps an onmessage that is already set and calls it first.
  transport.onmessage = (message) => process.stderr.write(`[${name}] <- ${JSON.stringify(message)}\n`);
}

// Starts the server on stdin/stdout with the chosen tools.
async function main() {
  const options = optionsOf(process.argv.slice(2));
  const server = new McpServer({ name: options.name, version: '1.0.0' });
  const ctx = { name: options.name, server, tools: new Map(), rpcErrors: new Map() };
  wrapToolCalls(ctx);
  for (const tool of options.tools) addTool(ctx, tool, CATALOG[tool](ctx));
  const transport = new StdioServerTransport();
  if (options.trace) traceMessages(transport, options.name);
  // The session ends when the client closes our stdin, or when it is gone and stdout breaks.
  process.stdin.on('end', () => process.exit(0));
  process.stdout.on('error', () => process.exit(0));
  await server.connect(transport);
}

await main();
