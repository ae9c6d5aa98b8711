// The faulty SMS service: POST /sms/messages and GET /sms/messages/:id on a real loopback
// socket. It stores created messages, replays the stored one for a repeated Idempotency-Key
// (as the real service must), logs every attempt, and answers each attempt as the call's plan
// says. A call is named by its `x-send` header; a call without a plan is always answered `ok`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readText } from '../helpers/loopback.js';
import { type Fault, FAULTS } from './plan.js';

/** A message as the service stores and returns it. */
export interface StoredMessage {
  id: string;
  to: string;
  from: string;
  body: string;
  status: 'queued';
  created_at: string;
  route: string;
  segments: number;
  cost: number;
  scheduled_at: null;
  sent_at: null;
  delivered_at: null;
  error_code: null;
}

export interface FaultyServiceOptions {
  /** The only credential accepted. */
  apiKey: string;
  /**
   * Replay the stored message for a repeated key (the real service's duty). Off only in the
   * self-test that shows the duplicate counter catches a service that creates twice.
   * @default true
   */
  honourIdempotency?: boolean;
  /** Called with each attempt left hanging, so the test decides when the client's timeout fires. */
  onHang?: (req: IncomingMessage) => void;
}

/** Starts the service on 127.0.0.1; `close()` it when done. */
export async function startFaultyService(options: FaultyServiceOptions) {
  const honour = options.honourIdempotency ?? true;
  const plans = new Map<string, readonly Fault[]>();
  /** Attempts seen per call. */
  const attempts = new Map<string, number>();
  /** Idempotency keys seen per call, in order. */
  const keysByCall = new Map<string, string[]>();
  /** Messages created per Idempotency-Key: more than one is a duplicate send. */
  const created = new Map<string, number>();
  /** The first message stored per key: what every replay returns. */
  const stored = new Map<string, StoredMessage>();
  const byId = new Map<string, StoredMessage>();
  /** Answers actually given, by kind. */
  const injected = new Map<Fault | 'unplanned', number>();
  let nextId = 1;

  const count = (kind: Fault | 'unplanned') => injected.set(kind, (injected.get(kind) ?? 0) + 1);

  const create = (key: string, text: string): StoredMessage => {
    const input = JSON.parse(text) as { to: string; message: string; from?: string; route?: string };
    const message: StoredMessage = {
      id: `msg_${nextId++}`,
      to: input.to,
      from: input.from ?? 'GATEWAY',
      body: input.message,
      status: 'queued',
      created_at: new Date().toISOString(),
      route: input.route ?? 'transactional',
      segments: 1,
      cost: 0.05,
      scheduled_at: null,
      sent_at: null,
      delivered_at: null,
      error_code: null,
    };
    created.set(key, (created.get(key) ?? 0) + 1);
    if (!stored.has(key)) stored.set(key, message);
    byId.set(message.id, message);
    return message;
  };

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const auth = req.headers.authorization ?? '';
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (auth !== `Bearer ${options.apiKey}`) return json(401, { error: { code: 'unauthorized' } });
    const url = new URL(req.url ?? '/', 'http://loopback');
    const one = /^\/sms\/messages\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      const message = byId.get(decodeURIComponent(one[1] ?? ''));
      return message ? json(200, message) : json(404, { error: { code: 'not_found' } });
    }
    if (req.method !== 'POST' || url.pathname !== '/sms/messages')
      return json(404, { error: { code: 'no_route' } });

    const call = String(req.headers['x-send'] ?? '');
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '')
      return json(400, { error: { code: 'idempotency_key_missing' } });
    const n = attempts.get(call) ?? 0;
    attempts.set(call, n + 1);
    keysByCall.set(call, [...(keysByCall.get(call) ?? []), key]);
    const plan = plans.get(call);
    // An attempt past the plan is one the policy forbids; it is answered 500 and shows in the counts.
    const fault: Fault | 'unplanned' = plan === undefined ? 'ok' : (plan[n] ?? 'unplanned');
    count(fault);
    if (fault === 'unplanned') return json(500, { error: { code: 'unplanned_attempt' } });

    if (fault === 'resetBeforeBody') {
      req.socket.destroy();
      return;
    }
    const text = await readText(req);
    let message: StoredMessage | undefined = honour ? stored.get(key) : undefined;
    if (FAULTS[fault].stores && message === undefined) message = create(key, text);
    // Error pages that echo the credential, as a misconfigured proxy's debug page might: the SDK
    // must keep it out of every error and log line.
    const echo = `Authorization: ${auth}`;

    switch (fault) {
      case 'ok':
        if (message === undefined) throw new Error('ok without a message');
        return json(200, message);
      case 'http500':
      case 'http502':
      case 'http503':
      case 'http504':
        return json(Number(fault.slice(4)), {
          error: { code: 'upstream_error', message: `upstream failed (${echo})` },
        });
      case 'html503':
        res.writeHead(503, { 'content-type': 'text/html' });
        return res.end(`<html><body><h1>503 Service Unavailable</h1><pre>${echo}</pre></body></html>`);
      case 'rateLimitSeconds':
        return json(429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '0' });
      case 'rateLimitDate':
        // Now, to the second: at or before the client's clock, so it waits 0 ms.
        return json(
          429,
          { error: { code: 'rate_limited', message: 'slow down' } },
          { 'retry-after': new Date().toUTCString() },
        );
      case 'http408':
        return json(408, { error: { code: 'request_timeout', message: 'too slow' } });
      case 'http400':
        return json(400, { error: { code: 'invalid_request', message: 'refused' } });
      case 'resetAfterStore':
        req.socket.destroy();
        return;
      case 'resetMidBody': {
        const full = JSON.stringify(message);
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(full)),
        });
        res.write(full.slice(0, 20), () => req.socket.destroy());
        return;
      }
      case 'hang':
        options.onHang?.(req);
        return; // never answers; the client's timeout ends it
      case 'truncatedJson':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ echo, ...message }).slice(0, 60));
      case 'html200':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(`<html><body>Welcome! ${echo}</body></html>`);
      case 'empty200':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' });
        return res.end();
      case 'wrongShape200':
        return json(200, { ...message, id: 7, echo });
    }
  };

  const server = await listen(handler);

  return {
    url: server.url,
    close: server.close,
    /** Sets what attempts 1, 2, … of call `name` get. */
    plan(name: string, faults: readonly Fault[]) {
      plans.set(name, faults);
    },
    attempts: (name: string) => attempts.get(name) ?? 0,
    keysOf: (name: string) => keysByCall.get(name) ?? [],
    stored,
    created,
    injected,
    /** Keys for which more than one message was created. */
    duplicates: () => [...created].filter(([, n]) => n > 1).map(([key]) => key),
  };
}

export type FaultyService = Awaited<ReturnType<typeof startFaultyService>>;
