// The webhooks entry in a sandbox that behaves as Next.js's edge runtime does: a `process` object
// exists, but every Node-only member throws on access ("A Node.js API is used (process.…) which is
// not supported in the Edge Runtime"), while Web Crypto, TextEncoder, Request and Response are
// there. The source entry is bundled as a browser bundle would be and run in a node:vm context.
// (A real Next.js app, built and started, would prove the same at many times the CI cost.)
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { Webhooks } from 'gateway-sdk/webhooks';
import type * as entryTypes from 'gateway-sdk/webhooks';
import { envelope } from './helpers.js';

const secret = 'whsec_edge_sandbox_4Fq';

type Entry = typeof entryTypes;

let code = '';
beforeAll(async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../../src/webhooks.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'GatewayWebhooks',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  code = result.outputFiles[0]?.text ?? '';
});

/** A fresh sandbox with the entry loaded; `touched` lists every member of `process` asked for. */
function sandbox() {
  const touched: string[] = [];
  const process = new Proxy(
    { env: {} },
    {
      get(target, key) {
        if (typeof key === 'symbol') return undefined;
        touched.push(key);
        if (key === 'env') return target.env;
        throw new Error(`A Node.js API is used (process.${key}) which is not supported in the Edge Runtime`);
      },
    },
  );
  const context = vm.createContext({
    process,
    crypto: globalThis.crypto,
    TextEncoder,
    TextDecoder,
    Request,
    Response,
    Headers,
    URL,
    ReadableStream,
    console,
    setTimeout,
    clearTimeout,
    queueMicrotask,
  });
  vm.runInContext(`${code};globalThis.GatewayWebhooks = GatewayWebhooks;`, context);
  return { entry: (context as { GatewayWebhooks: Entry }).GatewayWebhooks, touched };
}

async function signedRequest(body = envelope({ created: Math.floor(Date.now() / 1000) })): Promise<Request> {
  const headers = { [Webhooks.SIGNATURE_HEADER]: await Webhooks.sign(body, secret) };
  return new Request('https://edge.test/api/webhooks', { method: 'POST', body, headers });
}

describe('the webhooks entry where process throws on Node-only members (Next.js edge)', () => {
  it('loads without touching process', () => {
    expect(sandbox().touched).toEqual([]);
  });

  it('answers a signed delivery 200 handled through createWebhookHandler, on Web Crypto', async () => {
    const { entry, touched } = sandbox();
    const handled: string[] = [];
    const POST = entry.createWebhookHandler({
      secret,
      on: { 'message.delivered': (event) => void handled.push(event.data.object.id) },
    });
    const response = await POST(await signedRequest());
    expect([response.status, await response.text()]).toEqual([200, 'handled']);
    expect(handled).toEqual(['msg_1']);
    // It did look for node:crypto, was refused, and went on with Web Crypto.
    expect(touched).toEqual(['getBuiltinModule']);
    const wrong = await signedRequest();
    const tampered = new Request(wrong.url, {
      method: 'POST',
      body: `${await wrong.text()} `,
      headers: wrong.headers,
    });
    expect((await POST(tampered)).status).toBe(400);
  });

  it('verifies and parses with Webhooks.verify and constructEvent', async () => {
    const { entry } = sandbox();
    const body = envelope();
    const signature = await Webhooks.sign(body, secret);
    await expect(entry.Webhooks.verify(body, signature, secret)).resolves.toBe(true);
    await expect(entry.Webhooks.constructEvent(body, signature, secret)).resolves.toMatchObject({
      id: 'evt_1',
    });
    await expect(entry.Webhooks.sign(body, secret)).resolves.toBe(signature);
  });

  it("never asks process for anything with crypto: 'web'", async () => {
    const { entry, touched } = sandbox();
    const POST = entry.createWebhookHandler({ secret, crypto: 'web', onEvent: () => undefined });
    expect((await POST(await signedRequest())).status).toBe(200);
    const body = envelope();
    await expect(
      entry.createWebhooks({ crypto: 'web' }).verify(body, await Webhooks.sign(body, secret), secret),
    ).resolves.toBe(true);
    expect(touched).toEqual([]);
  });
});
