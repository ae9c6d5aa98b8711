// Every error a method rejects with names the app's function that called it in its `stack`
// even though the errors are built in a ky hook or after a timer, where no frame of the app is on
// the stack, so the SDK appends the call site it captured when the method was called.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  Client,
  ConfigurationError,
  GatewayError,
  NotFoundError,
  type ResponseValidation,
  ResponseValidationError,
  ValidationError,
} from 'gateway-sdk';
import { createAll, createMany } from 'gateway-sdk/campaigns';
import { message } from '../helpers/fixtures.js';
import { rejection } from '../helpers/rejection.js';

const BASE = 'https://api.gateway.test';

type Answer = (url: string) => Response | Promise<Response>;

/** A client whose every request is answered by `answer` (no network). */
function clientAnswering(
  answer: Answer,
  options: { timeout?: number; responseValidation?: ResponseValidation } = {},
) {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    return answer(request.url);
  };
  return new Client({
    apiKey: 'sk_test_site',
    baseURL: BASE,
    maxRetries: 0,
    fetch: fetch as typeof globalThis.fetch,
    ...options,
  });
}

const notFound = () =>
  Response.json({ error: { code: 'not_found', message: 'No such message' } }, { status: 404 });

afterEach(() => {
  vi.useRealTimers();
});

describe('the caller in the stack', () => {
  it('an APIError (404) names the function that called retrieve', async () => {
    const client = clientAnswering(notFound);
    async function myAppLookupMessage() {
      return client.sms.messages.retrieve('msg_1');
    }
    const error = await rejection(myAppLookupMessage());
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.stack).toContain('myAppLookupMessage');
    // The error's own stack comes first, then the call site; the message line is kept.
    expect(error.stack?.startsWith(`NotFoundError: ${error.message}`)).toBe(true);
  });

  it('also without an await in the calling function', async () => {
    const client = clientAnswering(notFound);
    function myAppLookupWithoutAwait() {
      return client.sms.messages.retrieve('msg_1');
    }
    const error = await rejection(myAppLookupWithoutAwait());
    expect(error.stack).toContain('myAppLookupWithoutAwait');
  });

  it('a connection error', async () => {
    const client = clientAnswering(() => Promise.reject(new TypeError('fetch failed')));
    function myAppConnect() {
      return client.sms.messages.retrieve('msg_1');
    }
    const error = await rejection(myAppConnect());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.stack).toContain('myAppConnect');
  });

  it('a timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const client = clientAnswering(() => new Promise<Response>(() => {}), { timeout: 1000 });
    function myAppSlowCall() {
      return client.sms.messages.retrieve('msg_1');
    }
    const settled = rejection(myAppSlowCall());
    await vi.advanceTimersByTimeAsync(1000);
    const error = await settled;
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(error.stack).toContain('myAppSlowCall');
  });

  it('a validation error thrown while the request is built', async () => {
    const client = clientAnswering(() => Response.json(message));
    function myAppSendBad() {
      return client.sms.messages.create({ to: 'not a number', message: 'hi' });
    }
    const error = await rejection(myAppSendBad());
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.stack).toContain('myAppSendBad');
  });

  it('a bad request option', async () => {
    const client = clientAnswering(() => Response.json(message));
    function myAppBadOption() {
      return client.sms.messages.retrieve('msg_1', { timeout: -1 });
    }
    const error = await rejection(myAppBadOption());
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.stack).toContain('myAppBadOption');
  });

  it('a configuration error', async () => {
    const client = new Client({ baseURL: BASE, apiKey: undefined, fetch: (() => notFound()) as never });
    vi.stubEnv('GATEWAY_API_KEY', '');
    function myAppNoKey() {
      return client.sms.messages.retrieve('msg_1');
    }
    const error = await rejection(myAppNoKey());
    vi.unstubAllEnvs();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.stack).toContain('myAppNoKey');
  });

  it('a response validation error', async () => {
    // Strict: the default ('warn') resolves a drifted answer as sent.
    const client = clientAnswering(() => Response.json({ id: 42 }), { responseValidation: 'strict' });
    function myAppReadMessage() {
      return client.sms.messages.retrieve('msg_1');
    }
    const error = await rejection(myAppReadMessage());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.stack).toContain('myAppReadMessage');
  });

  it('.withResponse() and .catch() carry it too', async () => {
    const client = clientAnswering(notFound);
    function myAppWithResponse() {
      return client.sms.messages.retrieve('msg_1').withResponse();
    }
    expect((await rejection(myAppWithResponse())).stack).toContain('myAppWithResponse');
    function myAppCatch() {
      return client.sms.messages.retrieve('msg_1').catch((e: unknown) => e);
    }
    expect(((await myAppCatch()) as Error).stack).toContain('myAppCatch');
  });

  it('an error on a later page of a list walk', async () => {
    let calls = 0;
    const client = clientAnswering(() =>
      ++calls === 1
        ? Response.json({ data: [message], has_more: true, next_cursor: 'c_1' })
        : Response.json({ error: { code: 'server_error' } }, { status: 500 }),
    );
    async function myAppWalkMessages() {
      const seen: unknown[] = [];
      for await (const m of client.sms.messages.list({ limit: 1 })) seen.push(m);
      return seen;
    }
    const error = await rejection(myAppWalkMessages());
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).cursor).toBe('c_1');
    expect(error.stack).toContain('myAppWalkMessages');
  });

  it('an invalid list filter', async () => {
    const client = clientAnswering(() => Response.json(message));
    async function myAppBadFilter() {
      return client.sms.messages.list({ limit: 0 });
    }
    const error = await rejection(myAppBadFilter());
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.stack).toContain('myAppBadFilter');
  });

  it("createAll's failed chunks and createMany's failed items", async () => {
    const client = clientAnswering(notFound);
    async function myAppCampaign() {
      return createAll(client, { recipients: ['+447700900123'], message: 'Sale' }, { idempotencyKey: 'c' });
    }
    const result = await myAppCampaign();
    expect(result.failed[0]?.error).toBeInstanceOf(NotFoundError);
    expect(result.failed[0]?.error.stack).toContain('myAppCampaign');

    async function myAppSendMany() {
      const out = [];
      for await (const r of createMany(client, [{ to: '+447700900123', message: 'Hi' }])) out.push(r);
      return out;
    }
    const [first] = await myAppSendMany();
    expect(first?.ok).toBe(false);
    expect(first && !first.ok ? first.error.stack : '').toContain('myAppSendMany');
  });

  it("createAll's own refusal", async () => {
    const client = clientAnswering(notFound);
    function myAppBadCampaign() {
      return createAll(client, { recipients: ['+447700900123'], message: 'Sale' }, { chunkSize: 0 });
    }
    const error = await rejection(myAppBadCampaign());
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.stack).toContain('myAppBadCampaign');
  });

  it('is built once, when read; assigning a stack replaces it', async () => {
    const client = clientAnswering(notFound);
    const error = await rejection(client.sms.messages.retrieve('msg_1'));
    const first = error.stack;
    expect(error.stack).toBe(first);
    expect(Object.keys(error)).not.toContain('stack');
    error.stack = 'replaced';
    expect(error.stack).toBe('replaced');
  });
});
