// Every object a hook is shown (ky's Request and options, the HTTPError, the retry state, the
// response) prints without the credential, as does the error the call rejects with: the
// Authorization header is set on the request that is sent, after every hook, and on nothing ky keeps.
import { inspect } from 'node:util';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { type Hooks, InternalServerError } from 'gateway-sdk';
import { settle } from '../helpers/settle.js';
import { usePipeline } from '../helpers/msw.js';
import { message } from '../helpers/fixtures.js';

const BASE = 'https://api.gateway.test';
const KEY = 'sk_live_hook_objects_SECRET42';

const { wire, sequence, client } = usePipeline(BASE, KEY);

const fail = () => HttpResponse.json({ error: { code: 'boom', message: 'failed' } }, { status: 500 });
const ok = () => HttpResponse.json(message);

/** Hooks of every kind that keep every argument they are given. */
function keeping(seen: unknown[]): Hooks {
  const keep = (arg: unknown) => void seen.push(arg);
  return {
    beforeRequest: [keep],
    beforeRetry: [keep],
    afterResponse: [keep],
    beforeError: [(state) => (keep(state), state.error)],
  };
}

/** Every printed form of `value` that names the key: util.inspect (hidden fields too) and JSON. */
function leaks(value: unknown): string[] {
  const views = [
    inspect(value, { depth: 6 }),
    inspect(value, { depth: 6, showHidden: true }),
    (() => {
      try {
        return JSON.stringify(value) ?? '';
      } catch {
        return '';
      }
    })(),
  ];
  return views.filter((view) => view.includes(KEY));
}

describe('what hooks are given', () => {
  it('prints no credential, for the client’s hooks and a call’s, through retries and the error', async () => {
    sequence('get', `${BASE}/sms/messages/msg_1`, [fail, fail, fail]);
    const seen: unknown[] = [];
    const { error } = await settle(
      client({ maxRetries: 2, hooks: keeping(seen) }).sms.messages.retrieve('msg_1', {
        hooks: keeping(seen),
      }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(wire).toHaveLength(3);
    // The credential still went on every attempt.
    expect(wire.map((r) => r.headers['authorization'])).toEqual(Array(3).fill(`Bearer ${KEY}`));
    // beforeRequest ×2, beforeRetry ×2 ×2, afterResponse ×3 ×2, beforeError ×2.
    expect(seen.length).toBeGreaterThanOrEqual(12);
    for (const [i, value] of seen.entries()) expect(leaks(value), `hook argument #${i}`).toEqual([]);
    for (const arg of seen as { request?: Request; options?: { headers?: Headers } }[]) {
      if (arg.request) expect(arg.request.headers.get('authorization')).toBeNull();
      if (arg.options?.headers instanceof Headers)
        expect(arg.options.headers.get('authorization')).toBeNull();
    }
    expect(leaks(error)).toEqual([]);
  });

  it("keeps every header of the SDK's on each retry of a call with hooks (a POST, its key included)", async () => {
    sequence('post', `${BASE}/sms/messages`, [fail, fail, ok]);
    await client({ maxRetries: 2 }).sms.messages.create(
      { to: '+447700900123', message: 'hi' },
      { hooks: { beforeRetry: [({ request }) => void request.headers.set('x-trace', '1')] } },
    );
    expect(wire).toHaveLength(3);
    const names = ['authorization', 'content-type', 'idempotency-key', 'service-version', 'accept'];
    const first = wire[0]?.headers ?? {};
    for (const name of names) expect(first[name], name).toBeDefined();
    for (const request of wire)
      for (const name of names) expect(request.headers[name], name).toBe(first[name]);
  });

  it('a hook that sets Authorization itself cannot change what is sent', async () => {
    sequence('post', `${BASE}/sms/messages`, [ok]);
    await client({
      hooks: { beforeRequest: [({ request }) => request.headers.set('authorization', 'Bearer stolen')] },
    }).sms.messages.create({ to: '+447700900123', message: 'hi' });
    expect(wire[0]?.headers['authorization']).toBe(`Bearer ${KEY}`);
  });
});
