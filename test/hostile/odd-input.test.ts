// Odd input gets a typed error before any I/O, never a bare TypeError and
// never something other than what was validated on the wire.
import { beforeEach, describe, expect, it } from 'vitest';
import { ValidationError, WebhookVerificationError } from 'gateway-sdk';
import { Webhooks } from 'gateway-sdk/webhooks';
import { answer, echoClient, useEchoServer } from '../helpers/echo.js';
import { rejection } from '../helpers/rejection.js';

const SECRET = 'whsec_odd_input';
const EVENT = JSON.stringify({
  id: 'evt_1',
  type: 'message.delivered',
  created: 1,
  api_version: '2026-01-01',
  data: { object: { id: 'msg_1' } },
});
const env = useEchoServer();
env.setEcho((res) => answer(res, 200, '{"id":"cus_1","object":"customer"}'));
beforeEach(() => {
  env.requests.length = 0;
});

/** A buffer (and a view on it) whose bytes have been transferred away. */
function detached(): [ArrayBuffer, Uint8Array] {
  const buffer = new TextEncoder().encode(EVENT).buffer as ArrayBuffer;
  const view = new Uint8Array(buffer);
  structuredClone(buffer, { transfer: [buffer] });
  return [buffer, view];
}

describe('a detached ArrayBuffer as a webhook body', () => {
  it('verify resolves false', async () => {
    const signature = await Webhooks.sign(EVENT, SECRET);
    for (const body of detached())
      await expect(Webhooks.verify(body, signature, SECRET)).resolves.toBe(false);
  });
  it("constructEvent and sign reject with WebhookVerificationError 'invalid_payload'", async () => {
    const signature = await Webhooks.sign(EVENT, SECRET);
    for (const body of detached()) {
      for (const p of [Webhooks.constructEvent(body, signature, SECRET), Webhooks.sign(body, SECRET)]) {
        const error = await rejection(p);
        expect(error).toBeInstanceOf(WebhookVerificationError);
        expect((error as WebhookVerificationError).reason).toBe('invalid_payload');
      }
    }
  });
  it('a secret problem is still reported first', async () => {
    const error = await rejection(Webhooks.verify(detached()[0], 'x', ' padded '));
    expect((error as WebhookVerificationError).reason).toBe('invalid_secret');
  });
});

describe('request bodies JSON cannot carry', () => {
  // sms.webhooks.create is open (extra fields pass through), so these reach serialization.
  const base = { url: 'https://example.com/hook', events: ['message.delivered'] };
  const circular: Record<string, unknown> = { ...base };
  circular['self'] = circular;
  const cases: [string, Record<string, unknown>][] = [
    ['a BigInt', { ...base, credit: 10n }],
    ['a circular reference', circular],
    ['a nested BigInt', { ...base, meta: { n: 1n } }],
  ];
  for (const [what, params] of cases) {
    it(`${what}: ValidationError, zero requests`, async () => {
      const { client } = echoClient(env.server.url, 'sk_live_ODD');
      const error = await rejection(client.sms.webhooks.create(params as never));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).not.toBeInstanceOf(TypeError);
      expect(env.requests).toHaveLength(0);
    });
  }

  it('a toJSON() on the params is refused, not sent in place of the fields', async () => {
    const { client } = echoClient(env.server.url, 'sk_live_ODD');
    const params = { ...base, toJSON: () => ({ ...base, url: 'https://evil.test/hook' }) };
    const error = await rejection(client.sms.webhooks.create(params as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(/toJSON/);
    expect(env.requests).toHaveLength(0);
  });

  it('a plain body still goes out as validated JSON', async () => {
    const { client } = echoClient(env.server.url, 'sk_live_ODD');
    await client.sms.webhooks.create({ ...base, extra: 1 } as never).catch(() => undefined);
    expect(env.requests).toHaveLength(1);
    expect(JSON.parse(env.requests[0]?.body ?? '')).toEqual({ ...base, extra: 1 });
    expect(env.requests[0]?.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('a signal-like object without removeEventListener', () => {
  it('ValidationError before any request', async () => {
    const { client } = echoClient(env.server.url, 'sk_live_ODD');
    const signal = { aborted: false, addEventListener: () => undefined } as unknown as AbortSignal;
    for (const total of [undefined, 5000]) {
      const error = await rejection(client.sms.messages.retrieve('msg_1', { signal, totalTimeout: total }));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]?.path).toEqual(['signal']);
    }
    expect(env.requests).toHaveLength(0);
  });
});

describe('a lone surrogate in a cursor', () => {
  for (const after of ['\ud800', 'abc\udfff', '\udc00x\ud83d']) {
    it(`after: ${JSON.stringify(after)} is a ValidationError, not sent as U+FFFD`, async () => {
      const { client } = echoClient(env.server.url, 'sk_live_ODD');
      const error = await rejection(client.sms.messages.list({ after }));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]?.path).toEqual(['after']);
      expect(env.requests).toHaveLength(0);
    });
  }

  it('a whole surrogate pair is fine', async () => {
    env.setEcho((res) => answer(res, 200, '{"data":[],"has_more":false,"next_cursor":null}'));
    const { client } = echoClient(env.server.url, 'sk_live_ODD');
    await client.sms.messages.list({ after: 'x\ud83d\ude00' });
    expect(new URL(env.requests[0]?.url ?? '', 'http://x').searchParams.get('after')).toBe('x😀');
  });
});
