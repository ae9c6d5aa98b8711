// Drives each example receiver with signed deliveries: the receiver rules of the reference
// (verify first, 2xx fast, 400 on a bad signature, 5xx on a misconfiguration, de-duplicate by
// event id) hold in all three.
import type { AddressInfo } from 'node:net';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { Webhooks } from 'gateway-sdk/webhooks';
import { main } from '../../examples/webhooks-express.js';
import honoApp from '../../examples/webhooks-hono.js';
import { drifted } from './drifted.js';
import { envelope } from './helpers.js';

const secret = 'whsec_examples_Jd93kq';
let ids = 0;

/** A delivery as the service would send it: a fresh event id unless one is given. */
async function delivery(options: { id?: string; signWith?: string; signature?: string | null } = {}) {
  const body = envelope({
    id: options.id ?? `evt_example_${++ids}`,
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'cus_1' } },
  });
  const signature =
    options.signature === undefined
      ? await Webhooks.sign(body, options.signWith ?? secret)
      : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers[Webhooks.SIGNATURE_HEADER] = signature;
  return { method: 'POST', headers, body } satisfies RequestInit;
}

let log: MockInstance<typeof console.log>;
beforeEach(() => {
  // The examples "process" an event by logging it: the number of log lines is the number of events handled.
  log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

// Each example gets a `send` that posts a delivery to it and returns the Response.
type Send = (init: RequestInit) => Response | Promise<Response>;
let expressUrl = '';
let POST: (request: Request) => Promise<Response> = async () => new Response(null, { status: 599 });

/** The Next.js route module, loaded as Next loads it: its environment is read at import. */
async function loadNextRoute(env: string | undefined) {
  vi.stubEnv('GATEWAY_WEBHOOK_SECRET', env);
  vi.resetModules();
  const route = await import('../../examples/webhooks-nextjs.js');
  vi.unstubAllEnvs();
  return route.POST;
}
let closeExpress: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const quiet = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  POST = await loadNextRoute(secret);
  const server = await main(secret);
  quiet.mockRestore();
  expressUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  closeExpress = () =>
    new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
});
afterAll(() => closeExpress());

const receivers: [string, Send][] = [
  ['Express', (init) => fetch(expressUrl, init)],
  ['Next.js route handler', (init) => POST(new Request('https://example.test/api/webhooks', init))],
  [
    'Hono, secret from the environment',
    (init) => {
      vi.stubEnv('GATEWAY_WEBHOOK_SECRET', secret);
      return honoApp.request('/webhooks', init);
    },
  ],
  [
    'Hono, secret from a Workers binding',
    (init) => honoApp.request('/webhooks', init, { GATEWAY_WEBHOOK_SECRET: secret }),
  ],
];

describe.each(receivers)('%s', (_, send) => {
  it('answers a signed delivery with 200 and handles the event', async () => {
    const response = await send(await delivery());
    expect([response.status, await response.text()]).toEqual([200, 'handled']);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('answers a repeated delivery with 200 without handling the event twice', async () => {
    const first = await send(await delivery({ id: `evt_dup_${++ids}` }));
    const again = await send(await delivery({ id: `evt_dup_${ids}` }));
    expect([first.status, await again.text()]).toEqual([200, 'duplicate']);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('answers 400 to a wrong signature, a missing one and a malformed one, handling nothing', async () => {
    const cases = [
      [await delivery({ signWith: 'whsec_attacker' }), 'signature_mismatch'],
      [await delivery({ signature: null }), 'missing_signature'],
      [await delivery({ signature: 'sha256=abc' }), 'malformed_signature'],
    ] as const;
    for (const [init, reason] of cases) {
      const response = await send(init);
      expect(response.status, reason).toBe(400);
      await expect(response.text()).resolves.toBe(reason);
    }
    expect(log).not.toHaveBeenCalled();
  });
  it.each(drifted)('never answers 4xx to a signed delivery with %s', async (label, make) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const body = JSON.stringify(make());
    const headers = {
      'content-type': 'application/json',
      [Webhooks.SIGNATURE_HEADER]: await Webhooks.sign(body, secret),
    };
    const response = await send({ method: 'POST', headers, body });
    // The examples' message.delivered handlers read data.object.id: with data.object null they
    // throw, which answers 500, so the service delivers the event again. Nothing is refused.
    const crashes = label === 'data.object null';
    expect([response.status, await response.text()]).toEqual(
      crashes ? [500, 'handler_failed'] : [200, 'handled'],
    );
    expect(log).toHaveBeenCalledTimes(crashes ? 0 : 1);
    expect(errors).toHaveBeenCalledTimes(crashes ? 1 : 0);
    // The flat body has no created: the handler says, once, that it skipped the age check.
    for (const [line] of warn.mock.calls) expect(line).toMatch(/webhook created missing/);
    if (label !== "the reference sample receiver's flat body") expect(warn).not.toHaveBeenCalled();
  });
});

describe('configuration slips answer 5xx, so the service redelivers once they are fixed', () => {
  const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it('Next.js route handler without GATEWAY_WEBHOOK_SECRET', async () => {
    const errors = quietErrors();
    const unset = await loadNextRoute(undefined);
    const response = await unset(new Request('https://example.test/api/webhooks', await delivery()));
    expect([response.status, await response.text()]).toEqual([500, 'invalid_secret']);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(log).not.toHaveBeenCalled();
  });

  it('Hono without a binding or GATEWAY_WEBHOOK_SECRET', async () => {
    const errors = quietErrors();
    vi.stubEnv('GATEWAY_WEBHOOK_SECRET', undefined);
    const response = await honoApp.request('/webhooks', await delivery());
    expect([response.status, await response.text()]).toEqual([500, 'invalid_secret']);
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('Hono with a secret pasted with a trailing newline', async () => {
    quietErrors();
    const response = await honoApp.request('/webhooks', await delivery(), {
      GATEWAY_WEBHOOK_SECRET: `${secret}\n`,
    });
    expect([response.status, await response.text()]).toEqual([500, 'invalid_secret']);
  });

  it('Express refuses to start without GATEWAY_WEBHOOK_SECRET', async () => {
    vi.stubEnv('GATEWAY_WEBHOOK_SECRET', undefined);
    await expect(main()).rejects.toThrow('GATEWAY_WEBHOOK_SECRET');
  });
});
