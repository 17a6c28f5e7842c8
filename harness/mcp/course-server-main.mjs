#!/usr/bin/env node
// The course's MCP server: a small stdio server on the official SDK's McpServer, for stage
// mcp-discovery. Plain JavaScript, so that it runs with `node` in a course directory:
//
//   node harness/mcp/course-server.mjs --name course --tools echo,add,stats [--upper a.b,c] [--exit-on-list]
//     [--hang-on-list] [--reject initialize|tools/list] [--page N] [--duplicate-tool] [--trace]
//
// --name          the name the server gives itself (echo's answers start with it); default "course"
// --tools         the tools it offers at start, comma-separated (at least one); default: every tool below
// --upper         more tools, of these names (any characters but ","), each answering its text in upper case
// --exit-on-list  exit (code 1) when a tools/list request arrives, without answering it
// --hang-on-list  never answer a tools/list request
// --reject M      answer every request of method M (initialize or tools/list) with a JSON-RPC error, code -32603
// --page N        list the tools N to a page (nextCursor: the index of the next page's first tool, as text)
// --duplicate-tool  list the first tool twice (a server bug: two tools of one name)
// --trace         log every JSON-RPC message it receives (<-) and sends (->) on stderr
//
// It exits when its stdin closes (the client ended the session). course-server.mjs is its entry: it starts this file's
// one-file build (course-server.bundle.cjs) when that build is current, and this file otherwise.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { basename } from 'node:path';
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
  media: () => ({
    description: 'Answer with a text item, a PNG image (8 bytes) and a WAV sound (4 bytes).',
    inputSchema: {},
    handler: async () => ({
      content: [
        { type: 'text', text: 'a picture and a sound:' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      ],
    }),
  }),
  resources: () => ({
    description: 'Answer with a resource link, an embedded text resource and an embedded binary resource, and no text item.',
    inputSchema: {},
    handler: async () => ({
      content: [
        { type: 'resource_link', uri: 'file:///notes/todo.txt', name: 'todo.txt', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'file:///notes/readme.md', mimeType: 'text/markdown', text: '# Notes\nsee todo.txt' } },
        { type: 'resource', resource: { uri: 'file:///notes/logo.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' } },
      ],
    }),
  }),
  weather: () => ({
    description: 'Answer with structured content {city, conditions, celsius} and, as asked, a text item and an image.',
    inputSchema: { city: z.string(), text: z.boolean().optional(), picture: z.boolean().optional() },
    outputSchema: { city: z.string(), conditions: z.string(), celsius: z.number() },
    handler: async ({ city, text: withText, picture }) => {
      const content = [];
      if (withText) content.push({ type: 'text', text: `${city}: sunny, 21.5 °C` });
      if (picture) content.push({ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' });
      return { content, structuredContent: { conditions: 'sunny', celsius: 21.5, city } };
    },
  }),
  shapes: () => ({
    description: 'Take an input described with $ref, anyOf, enum, pattern, format and nested arrays (JSON Schema 2020-12); answer with it as JSON.',
    inputSchema: {},
    rawSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { count: { type: 'integer', minimum: 0 }, cell: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
      properties: {
        count: { $ref: '#/$defs/count' },
        id: { anyOf: [{ type: 'string', pattern: '^[a-z]+-[0-9]+$' }, { type: 'integer', minimum: 1 }] },
        color: { enum: ['red', 'green', 'blue'] },
        code: { type: 'string', pattern: '^[A-Z]{3}$' },
        grid: { type: 'array', items: { type: 'array', items: { $ref: '#/$defs/cell' } } },
        email: { type: 'string', format: 'email' },
      },
    },
    rawCall: (args) => text(`received ${JSON.stringify(args ?? {})}`),
    handler: async () => text('not reached'),
  }),
  legacy_shapes: () => ({
    description: 'Take a draft-07 input: a pair [name, count] and a $ref into definitions; answer with it as JSON.',
    inputSchema: {},
    rawSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      definitions: { count: { type: 'integer' } },
      properties: { pair: { type: 'array', items: [{ type: 'string' }, { $ref: '#/definitions/count' }] } },
      required: ['pair'],
    },
    rawCall: (args) => text(`received ${JSON.stringify(args ?? {})}`),
    handler: async () => text('not reached'),
  }),
  refs: () => ({
    description: 'Take an input whose every rule sits behind a $ref (JSON Schema 2020-12): size, word, tags, mode and paths; answer with it as JSON.',
    inputSchema: {},
    rawSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        size: { type: 'integer', minimum: 1, maximum: 9, 'x-unit': 'items' },
        word: { type: 'string', minLength: 2, maxLength: 4 },
        tags: { type: 'array', minItems: 1, maxItems: 2 },
        mode: { enum: ['fast', 'slow'] },
        paths: { type: 'object', required: ['from'], properties: { from: { type: 'string' }, 'a/b~c': { type: 'string' } }, additionalProperties: false },
      },
      properties: {
        size: { $ref: '#/$defs/size' },
        word: { $ref: '#/$defs/word' },
        tags: { $ref: '#/$defs/tags' },
        mode: { $ref: '#/$defs/mode' },
        paths: { $ref: '#/$defs/paths' },
      },
    },
    rawCall: (args) => text(`received ${JSON.stringify(args ?? {})}`),
    handler: async () => text('not reached'),
  }),
  pair_2019: () => ({
    description: 'Take a JSON Schema 2019-09 input: a pair [name, count] (items as an array, the count a $ref into $defs); answer with it as JSON.',
    inputSchema: {},
    rawSchema: {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      $defs: { count: { type: 'integer' } },
      properties: { pair: { type: 'array', items: [{ type: 'string' }, { $ref: '#/$defs/count' }] } },
      required: ['pair'],
    },
    rawCall: (args) => text(`received ${JSON.stringify(args ?? {})}`),
    handler: async () => text('not reached'),
  }),
  draft_04: () => ({
    description: 'A tool whose schema declares JSON Schema draft-04, which ajv does not know.',
    inputSchema: {},
    rawSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
    rawCall: () => text('not reached'),
    handler: async () => text('not reached'),
  }),
  dangling_ref: () => ({
    description: 'A tool whose schema has a $ref to a definition it does not have.',
    inputSchema: {},
    rawSchema: { type: 'object', properties: { v: { $ref: '#/$defs/missing' } } },
    rawCall: () => text('not reached'),
    handler: async () => text('not reached'),
  }),
  nothing: () => ({
    description: 'Answer with no content item and no structured content.',
    inputSchema: {},
    handler: async () => ({ content: [] }),
  }),
  bare: () => ({
    inputSchema: {},
    handler: async () => text('a tool without a description'),
  }),
  env: () => ({
    description: "The value of one of the server's environment variables, or <name> is not set.",
    inputSchema: { name: z.string() },
    handler: async ({ name }) => text(process.env[name] ?? `${name} is not set`),
  }),
  cwd: () => ({
    description: "The last part of the server's working directory.",
    inputSchema: {},
    handler: async () => text(basename(process.cwd())),
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
// A tool with a `rawSchema` is listed with that JSON Schema instead of the one McpServer derives,
// and answered by its `rawCall` without McpServer's own validation (see wrapToolLists, wrapToolCalls).
function addTool(ctx, name, { description, inputSchema, outputSchema, handler, rpcError, rawSchema, rawCall }) {
  ctx.tools.set(name, ctx.server.registerTool(name, { description, inputSchema, ...(outputSchema ? { outputSchema } : {}) }, handler));
  if (rpcError) ctx.rpcErrors.set(name, rpcError);
  if (rawSchema) ctx.raw.set(name, { schema: rawSchema, call: rawCall });
}

// A tool of any name answering its text in upper case (--upper).
function upperTool() {
  return {
    description: 'Answer with the text in upper case.',
    inputSchema: { text: z.string() },
    handler: async ({ text: value }) => text(value.toUpperCase()),
  };
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
      const raw = ctx.tools.has(name) ? ctx.raw.get(name) : undefined;
      if (raw) return raw.call(args);
      return handler(request, extra);
    });
  };
}

// The tools/list handler McpServer installs, wrapped: tools with a raw schema are listed with it.
function wrapToolLists(ctx) {
  const install = ctx.server.server.setRequestHandler.bind(ctx.server.server);
  ctx.server.server.setRequestHandler = (schema, handler) => {
    if (schema !== ListToolsRequestSchema) return install(schema, handler);
    return install(schema, async (request, extra) => {
      const result = await handler(request, extra);
      const tools = result.tools.map((tool) => (ctx.raw.has(tool.name) ? { ...tool, inputSchema: ctx.raw.get(tool.name).schema } : tool));
      const listed = ctx.duplicateTool ? [...tools, tools[0]] : tools;
      if (ctx.page === undefined) return { ...result, tools: listed };
      const start = Number(request.params?.cursor ?? 0);
      const end = start + ctx.page;
      return { ...result, tools: listed.slice(start, end), ...(end < listed.length ? { nextCursor: String(end) } : {}) };
    });
  };
}

// The methods --reject can refuse.
const REJECTABLE = ['initialize', 'tools/list'];

// The options from argv; exits 2 on anything else.
function optionsOf(argv) {
  const options = { name: 'course', tools: Object.keys(CATALOG), upper: [], exitOnList: false, hangOnList: false, reject: undefined, page: undefined, duplicateTool: false, trace: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--trace') options.trace = true;
    else if (flag === '--exit-on-list') options.exitOnList = true;
    else if (flag === '--hang-on-list') options.hangOnList = true;
    else if (flag === '--duplicate-tool') options.duplicateTool = true;
    else if (flag === '--page' && Number(argv[i + 1]) >= 1) options.page = Number(argv[++i]);
    else if (flag === '--reject' && REJECTABLE.includes(argv[i + 1])) options.reject = argv[++i];
    else if (flag === '--upper' && argv[i + 1] !== undefined) options.upper = argv[++i].split(',').filter((tool) => tool !== '');
    else if (flag === '--name' && argv[i + 1] !== undefined) options.name = argv[++i];
    else if (flag === '--tools' && argv[i + 1] !== undefined) options.tools = argv[++i].split(',').filter((tool) => tool !== '');
    else usage(`unknown argument: ${flag}`);
  }
  if (options.tools.length === 0) usage('--tools needs at least one tool');
  const unknown = options.tools.find((tool) => !Object.hasOwn(CATALOG, tool));
  if (unknown !== undefined) usage(`unknown tool: ${unknown} (known: ${Object.keys(CATALOG).join(', ')})`);
  const taken = options.upper.find((tool) => options.tools.includes(tool));
  if (taken !== undefined) usage(`--upper ${taken}: --tools already has a tool of that name`);
  return options;
}

// Says what is wrong with the command line, and exits 2.
function usage(problem) {
  process.stderr.write(`course-server: ${problem}\nusage: node harness/mcp/course-server.mjs [--name NAME] [--tools a,b,c] [--upper x,y] [--exit-on-list] [--hang-on-list] [--reject initialize|tools/list] [--page N] [--duplicate-tool] [--trace]\n`);
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

// With --exit-on-list, the process ends as soon as a tools/list request arrives: a server that
// dies after the handshake, while the client lists its tools.
function exitOnList(transport) {
  const onmessage = transport.onmessage;
  transport.onmessage = (message) => {
    if (message.method === 'tools/list') process.exit(1);
    onmessage?.(message);
  };
}

// With --hang-on-list or --reject, the requests of one method never reach McpServer once it is connected: they go
// unanswered, or get a JSON-RPC error. (Installed after McpServer.connect, which would handle them after an earlier
// onmessage.)
function interceptRequests(transport, method, answer) {
  const handle = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (message.method !== method) return handle?.(message, extra);
    if (answer !== undefined) void transport.send({ jsonrpc: '2.0', id: message.id, error: answer });
  };
}

// What McpServer would check a client's answers to an elicitation with. The server never asks the client anything, so it
// has no answers to check; given this, the SDK does not set up its default checker (ajv, with its formats: a few ms of
// every server's start). A tool that elicited would meet this error, which says what to change.
const NO_ANSWERS_TO_CHECK = {
  getValidator() {
    throw new Error('the course server elicits nothing and has no checker of answers: to elicit, give McpServer a real jsonSchemaValidator here, and let scripts/build.mjs bundle the SDK\'s ajv provider again');
  },
};

// Starts the server on stdin/stdout with the chosen tools.
async function main() {
  const options = optionsOf(process.argv.slice(2));
  const server = new McpServer({ name: options.name, version: '1.0.0' }, { jsonSchemaValidator: NO_ANSWERS_TO_CHECK });
  const ctx = { name: options.name, server, tools: new Map(), rpcErrors: new Map(), raw: new Map(), page: options.page, duplicateTool: options.duplicateTool };
  wrapToolCalls(ctx);
  wrapToolLists(ctx);
  for (const tool of options.tools) addTool(ctx, tool, CATALOG[tool](ctx));
  for (const tool of options.upper) addTool(ctx, tool, upperTool());
  const transport = new StdioServerTransport();
  if (options.trace) traceMessages(transport, options.name);
  if (options.exitOnList) exitOnList(transport);
  // The session ends when the client closes our stdin, or when it is gone and stdout breaks.
  process.stdin.on('end', () => process.exit(0));
  process.stdout.on('error', () => process.exit(0));
  await server.connect(transport);
  if (options.hangOnList) interceptRequests(transport, 'tools/list', undefined);
  if (options.reject !== undefined) interceptRequests(transport, options.reject, { code: ErrorCode.InternalError, message: `the server refuses ${options.reject} (--reject)` });
}

// Not awaited at top level: the bundle of this file is CommonJS (see course-server.mjs). An error at start still ends
// the process with exit code 1 and its stack on stderr.
main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
