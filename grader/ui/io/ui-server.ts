// The page's local HTTP server: 127.0.0.1 only, every request (the live channel too) carrying the session's token,
// Host and Origin checked so that another page in the browser (or a rebound DNS name) can neither read nor drive it.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraderError } from '../../run/grader-error.ts';
import { PAGE_CSP } from '../core/page-html.ts';

/** What the server answers; it knows nothing of grading. */
export type UiRoutes = {
  page: () => string;
  /** A bundled asset by name (page.js, page.css), or undefined. */
  asset: (name: string) => { type: string; body: string } | undefined;
  /** JSON for a stage's text, or undefined for an unknown stage. */
  stage: (slug: string) => Promise<unknown>;
  /** A watch key pressed on the page; false when it names no key. */
  key: (key: string) => boolean;
  /** The live channel: `send` gets each event's data (JSON); returns how to stop. */
  subscribe: (send: (data: string) => void) => () => void;
};

export type UiServer = { url: string; port: number; close: () => Promise<void> };

const HEARTBEAT_MS = 15_000;
const MAX_BODY_BYTES = 1_024;

const HEADERS = {
  'Content-Security-Policy': PAGE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

function sameToken(given: string | null, token: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${message}\n`);
}

// Why a request is refused, or undefined: a Host other than this server's, a foreign Origin or fetch site, no token.
export function refusal(req: IncomingMessage, url: URL, port: number, token: string): { status: number; message: string } | undefined {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!hosts.includes(req.headers.host ?? '')) return { status: 421, message: 'this server answers only to http://127.0.0.1 on its own port' };
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.some((h) => origin === `http://${h}`)) return { status: 403, message: 'requests from other pages are refused' };
  if (req.headers['sec-fetch-site'] === 'cross-site') return { status: 403, message: 'requests from other pages are refused' };
  if (!sameToken(url.searchParams.get('token'), token)) return { status: 403, message: 'this address needs the token dispatch-lab ui printed: open the URL it showed' };
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { ...HEADERS, 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value));
}

function events(req: IncomingMessage, res: ServerResponse, routes: UiRoutes): void {
  res.writeHead(200, { ...HEADERS, 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive' });
  const stop = routes.subscribe((data) => void res.write(`data: ${data}\n\n`));
  const beat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
  req.on('close', () => {
    clearInterval(beat);
    stop();
  });
}

async function answer(req: IncomingMessage, res: ServerResponse, url: URL, routes: UiRoutes): Promise<void> {
  const path = url.pathname;
  if (req.method === 'POST' && path === '/key') {
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return refuse(res, 415, 'a key is sent as JSON');
    const body = await readBody(req);
    const key = body === undefined ? undefined : (JSON.parse(body || '{}') as { key?: unknown }).key;
    return typeof key === 'string' && routes.key(key) ? json(res, 200, { ok: true }) : refuse(res, 400, 'no such watch key');
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'method not allowed');
  if (path === '/') {
    res.writeHead(200, { ...HEADERS, 'Content-Type': 'text/html; charset=utf-8' });
    return void res.end(routes.page());
  }
  if (path === '/events') return events(req, res, routes);
  if (path === '/favicon.ico') return void res.writeHead(204, HEADERS).end();
  if (path === '/stage') {
    const text = await routes.stage(url.searchParams.get('slug') ?? '');
    return text === undefined ? refuse(res, 404, 'no such stage') : json(res, 200, text);
  }
  const asset = routes.asset(path.slice(1));
  if (asset === undefined) return refuse(res, 404, 'not found');
  res.writeHead(200, { ...HEADERS, 'Content-Type': asset.type });
  res.end(asset.body);
}

// Listen on 127.0.0.1 (a free port unless one is asked for); refused requests get a status and a sentence.
export async function startUiServer(options: { port?: number; token: string; routes: UiRoutes }): Promise<UiServer> {
  let port = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const refused = refusal(req, url, port, options.token);
    if (refused) return refuse(res, refused.status, refused.message);
    answer(req, res, url, options.routes).catch((error: Error) => {
      if (!res.headersSent) refuse(res, 400, `bad request: ${error.message}`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new GraderError([`port ${options.port} is in use on 127.0.0.1: choose another with --port N, or leave --port out for a free one`]) : error));
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/?token=${encodeURIComponent(options.token)}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
