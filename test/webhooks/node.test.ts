// toNodeHandler over real loopback servers: node:http, Express with the handler first, after
// express.raw, and a misconfigured app whose express.json() ate the body.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { toNodeHandler as fromMain } from 'gateway-sdk';
import { createWebhookHandler, toNodeHandler, type WebhookEvent } from 'gateway-sdk/webhooks';
import { secret, signed } from './receive.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

function receiver() {
  const handled: WebhookEvent[] = [];
  const errors: unknown[] = [];
  const handle = createWebhookHandler({ secret, onEvent: (e) => void handled.push(e) });
  return { handle, handled, errors, node: toNodeHandler(handle, { onError: (e) => void errors.push(e) }) };
}

async function post(url: string, fields: Record<string, unknown> = {}, signWith?: string) {
  const { body, headers } = await signed(fields, signWith ? { signWith } : {});
  const response = await fetch(url, { method: 'POST', body, headers });
  return [response.status, await response.text()];
}

describe('toNodeHandler', () => {
  it('is exported by both entries', () => {
    expect(fromMain).toBe(toNodeHandler);
  });

  it('serves node:http: 200 handled, 200 duplicate, 400 to a bad signature', async () => {
    const { node, handled } = receiver();
    const url = await listen(createServer(node));
    const id = 'evt_node_1';
    expect(await post(url, { id })).toEqual([200, 'handled']);
    expect(await post(url, { id })).toEqual([200, 'duplicate']);
    expect(await post(url, {}, 'whsec_wrong')).toEqual([400, 'signature_mismatch']);
    expect(handled.map((e) => e.id)).toEqual([id]);
  });

  it('reads a stream given an encoding, whose chunks are text, as its UTF-8 bytes', async () => {
    const { node, handled } = receiver();
    const url = await listen(
      createServer((req, res) => {
        req.setEncoding('utf8');
        void node(req, res);
      }),
    );
    expect(await post(url, { id: 'evt_text', data: { object: { name: 'Zoë 🚀' } } })).toEqual([
      200,
      'handled',
    ]);
    expect(handled.map((e) => e.id)).toEqual(['evt_text']);
  });

  it('reads a multibyte body split across chunks exactly', async () => {
    const { node, handled } = receiver();
    const url = await listen(createServer(node));
    const { body, headers } = await signed({ data: { object: { id: 'cus_1', name: 'Zoë 🚀 ✓' } } });
    const bytes = new TextEncoder().encode(body);
    // Split inside the rocket's four bytes.
    const cut = bytes.indexOf(0xf0) + 2;
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, cut));
        c.enqueue(bytes.slice(cut));
        c.close();
      },
    });
    const response = await fetch(url, {
      method: 'POST',
      body: stream,
      headers,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(200);
    expect(handled[0]?.data.object).toMatchObject({ name: 'Zoë 🚀 ✓' });
  });

  it('serves Express when mounted before any body parser', async () => {
    const { node, handled } = receiver();
    const app = express();
    app.post('/webhooks', node);
    app.use(express.json());
    expect((await post(await listen(createServer(app))))[0]).toBe(200);
    expect(handled).toHaveLength(1);
  });

  it('serves Express after express.raw, using the Buffer it kept', async () => {
    const { node, handled } = receiver();
    const app = express();
    app.post('/webhooks', express.raw({ type: 'application/json' }), node);
    expect(await post(await listen(createServer(app)))).toEqual([200, 'handled']);
    expect(handled).toHaveLength(1);
  });

  it('answers 500 parsed_body, with advice, when express.json() consumed the body first', async () => {
    const { node, handled, errors } = receiver();
    const app = express();
    app.use(express.json());
    app.post('/webhooks', node);
    expect(await post(await listen(createServer(app)))).toEqual([500, 'parsed_body']);
    expect(handled).toEqual([]);
    expect(String(errors[0])).toMatch(/before app\.use\(express\.json\(\)\).*express\.raw/);
  });

  it('answers 500 parsed_body when something read the stream without leaving req.body', async () => {
    const { node, errors } = receiver();
    const url = await listen(
      createServer(async (req, res) => {
        for await (const _ of req) void _;
        await node(req, res);
      }),
    );
    expect(await post(url)).toEqual([500, 'parsed_body']);
    expect(errors).toHaveLength(1);
  });

  it('passes the handler status and headers through (405 with Allow)', async () => {
    const { node } = receiver();
    const response = await fetch(await listen(createServer(node)));
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('answers with the content type and headers of the Fetch handler, Allow on a 405 only', async () => {
    const { handle, node } = receiver();
    const url = await listen(createServer(node));
    const { body, headers } = await signed({ id: 'evt_type' });
    const heads = (r: Response) => [r.status, r.headers.get('content-type'), r.headers.get('allow')];
    const viaNode = [await fetch(url, { method: 'POST', body, headers }), await fetch(url)].map(heads);
    const viaFetch = [
      await handle(new Request(url, { method: 'POST', body, headers })),
      await handle(new Request(url)),
    ].map(heads);
    expect(viaNode).toEqual([
      [200, 'text/plain;charset=UTF-8', null],
      [405, 'text/plain;charset=UTF-8', 'POST'],
    ]);
    expect(viaFetch).toEqual([
      [200, 'text/plain;charset=UTF-8', null],
      [405, 'text/plain;charset=UTF-8', 'POST'],
    ]);
  });

  it('serves any other Fetch API handler through a Request and Response, body and headers intact', async () => {
    const echo = async (request: Request) =>
      new Response(`${request.method} ${new URL(request.url).pathname} ${await request.text()}`, {
        status: 202,
        headers: { 'x-echo': request.headers.get('x-service-signature') ?? '' },
      });
    const url = await listen(createServer(toNodeHandler(echo)));
    const response = await fetch(url, {
      method: 'POST',
      body: 'Zoë',
      headers: { 'x-service-signature': 'abc' },
    });
    expect([response.status, response.headers.get('x-echo'), await response.text()]).toEqual([
      202,
      'abc',
      'POST /webhooks Zoë',
    ]);
  });

  // Called directly, with the smallest request and response objects it reads and writes.
  async function answerOf(handle: (request: Request) => Promise<Response>) {
    const errors: unknown[] = [];
    const headers: Record<string, string> = {};
    const res = {
      statusCode: 0,
      body: '',
      setHeader: (name: string, value: string) => void (headers[name] = value),
      end(body?: Uint8Array) {
        res.body = new TextDecoder().decode(body);
      },
    };
    const req = { method: 'GET', url: '/', headers: {}, async *[Symbol.asyncIterator]() {} };
    await toNodeHandler(handle, { onError: (e) => void errors.push(e) })(req, res);
    return { status: res.statusCode, body: res.body, headers, errors };
  }

  it("answers 500 and reports it when another handler's response body fails to read", async () => {
    const broken = new Error('stream broke');
    const answer = await answerOf(
      async () =>
        new Response(
          new ReadableStream({
            pull: (controller) => controller.error(broken),
          }),
        ),
    );
    expect(answer).toMatchObject({ status: 500, body: 'internal_error', errors: [broken] });
  });

  it("closes the connection after another handler's own 413, as after its own", async () => {
    const answer = await answerOf(async () => new Response('too big', { status: 413 }));
    expect(answer).toMatchObject({ status: 413, body: 'too big', headers: { connection: 'close' } });
  });
});
