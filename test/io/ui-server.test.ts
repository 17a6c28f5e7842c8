import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startUiServer, type UiRoutes, type UiServer } from '../../grader/ui/io/ui-server.ts';
import { GraderError } from '../../grader/run/grader-error.ts';

const TOKEN = 'a-token-nobody-guesses';

/** What one request got back. */
type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

// One request with any headers (node's http lets a test send a foreign Host); `firstChunk` stops at the first data (the live channel never ends).
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; firstChunk?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
        if (options.firstChunk) {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          res.destroy();
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('the ui server', () => {
  let server: UiServer | undefined;
  const pressed: string[] = [];
  const routes: UiRoutes = {
    page: () => '<!doctype html><p>page</p>',
    asset: (name) => (name === 'page.js' ? { type: 'text/javascript', body: 'void 0;' } : undefined),
    stage: async (slug) => (slug === 'echo' ? { html: '<h1>Echo</h1>', headings: [] } : undefined),
    key: (key) => (key === 'rerun' ? (pressed.push(key), true) : false),
    subscribe: (write) => {
      write('{"hello":1}');
      return () => {};
    },
  };
  afterEach(async () => {
    await server?.close();
    server = undefined;
    pressed.length = 0;
  });

  it('listens on 127.0.0.1 only, on a free port, with a token in its address', async () => {
    server = await startUiServer({ token: TOKEN, routes });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${TOKEN}`);
    expect(server.port).toBeGreaterThan(0);
    const answer = await send(server.url);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.headers['content-security-policy']).not.toMatch(/https?:|\*/);
    await expect(send(`http://[::1]:${server.port}/?token=${TOKEN}`)).rejects.toThrow();
  });

  it('refuses every path without the token, a wrong token, a foreign Origin, a cross-site fetch or another Host', async () => {
    server = await startUiServer({ token: TOKEN, routes });
    const base = `http://127.0.0.1:${server.port}`;
    for (const path of ['/', '/page.js', '/events', '/stage?slug=echo']) {
      expect((await send(`${base}${path}`)).status, path).toBe(403);
      expect((await send(`${base}${path}${path.includes('?') ? '&' : '?'}token=${TOKEN}x`)).status, path).toBe(403);
    }
    expect((await send(server.url, { headers: { Origin: 'http://evil.example' } })).status).toBe(403);
    expect((await send(server.url, { headers: { Origin: `http://127.0.0.1:${server.port + 1}` } })).status).toBe(403);
    expect((await send(server.url, { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    expect((await send(server.url, { headers: { Host: `evil.example:${server.port}` } })).status).toBe(421);
    expect((await send(server.url, { headers: { Origin: `http://localhost:${server.port}`, Host: `localhost:${server.port}` } })).status).toBe(200);
  });

  it('takes watch keys as JSON posted from its own page only', async () => {
    server = await startUiServer({ token: TOKEN, routes });
    const key = `http://127.0.0.1:${server.port}/key?token=${TOKEN}`;
    const own = `http://127.0.0.1:${server.port}`;
    expect((await send(key, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: own }, body: '{"key":"rerun"}' })).status).toBe(200);
    expect((await send(key, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example' }, body: '{"key":"rerun"}' })).status).toBe(403);
    // A form post (no preflight from a browser) is not JSON: refused.
    expect((await send(key, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"key":"rerun"}' })).status).toBe(415);
    expect((await send(key, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"key":"quit"}' })).status).toBe(400);
    expect((await send(key, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'x'.repeat(5_000) })).status).toBe(400);
    expect(pressed).toEqual(['rerun']);
  });

  it('serves the live channel as server-sent events and stage texts as JSON', async () => {
    server = await startUiServer({ token: TOKEN, routes });
    const base = `http://127.0.0.1:${server.port}`;
    const events = await send(`${base}/events?token=${TOKEN}`, { firstChunk: true });
    expect(events.headers['content-type']).toContain('text/event-stream');
    expect(events.body).toBe('data: {"hello":1}\n\n');
    expect(JSON.parse((await send(`${base}/stage?slug=echo&token=${TOKEN}`)).body)).toEqual({ html: '<h1>Echo</h1>', headings: [] });
    expect((await send(`${base}/stage?slug=nope&token=${TOKEN}`)).status).toBe(404);
    expect((await send(`${base}/nothing?token=${TOKEN}`)).status).toBe(404);
  });

  it('says which port is taken when --port names a busy one', async () => {
    server = await startUiServer({ token: TOKEN, routes });
    const taken = server.port;
    const error = await startUiServer({ port: taken, token: TOKEN, routes }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraderError);
    expect((error as GraderError).problems[0]).toContain(`port ${taken} is in use`);
  });
});
