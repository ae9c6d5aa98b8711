// docs/deploying.md's recipes run: the Lambda receiver on API Gateway v2 events (a base64 body
// included), the Workers module's fetch (workerd runs it too: scripts/runtimes/run.mjs), and the
// React Native example bundled and run in a node:vm context holding only the globals the docs list.
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { createMockService } from 'gateway-sdk/testing';
import { createWebhookHandler, Webhooks } from 'gateway-sdk/webhooks';
import { toLambdaHandler, type APIGatewayProxyEventV2 } from '../../examples/webhooks-lambda.js';
import worker from '../../examples/webhooks-workers.js';

const secret = 'whsec_deploying_k2Jd8';
const delivered = (id: string) =>
  JSON.stringify({
    id,
    type: 'message.delivered',
    api_version: '2026-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'msg_1', object: 'message', status: 'delivered' } },
  });

async function lambdaEvent(
  body: string,
  { base64 = false, signWith = secret } = {},
): Promise<APIGatewayProxyEventV2> {
  return {
    rawPath: '/webhooks',
    rawQueryString: '',
    headers: {
      'content-type': 'application/json',
      [Webhooks.SIGNATURE_HEADER]: await Webhooks.sign(body, signWith),
    },
    body: base64 ? Buffer.from(body).toString('base64') : body,
    isBase64Encoded: base64,
    requestContext: { http: { method: 'POST' }, domainName: 'abc.execute-api.eu-west-1.amazonaws.com' },
  };
}

describe('examples/webhooks-lambda.ts', () => {
  it('verifies a base64 body as the bytes sent, handles it once, and refuses a bad signature', async () => {
    const seen: string[] = [];
    const handler = toLambdaHandler(
      createWebhookHandler({ secret, on: { 'message.delivered': (e) => void seen.push(e.id) } }),
    );
    // Bytes a string decode would change: the signature is over them as sent.
    const body = delivered('evt_lambda_1').replace('"delivered"}', '"delivered","note":"caf\u00e9 \u2713"}');
    const first = await handler(await lambdaEvent(body, { base64: true }));
    expect(first).toMatchObject({ statusCode: 200, body: 'handled' });
    expect((await handler(await lambdaEvent(body))).body).toBe('duplicate');
    expect(seen).toEqual(['evt_lambda_1']);
    const forged = await handler(
      await lambdaEvent(delivered('evt_lambda_2'), { base64: true, signWith: 'whsec_other' }),
    );
    expect(forged).toMatchObject({ statusCode: 400, body: 'signature_mismatch' });
  });
});

describe('examples/webhooks-workers.ts', () => {
  it('answers a signed delivery 200 with the secret from its binding, and 400 without a match', async () => {
    const post = async (body: string, signWith: string) =>
      worker.fetch(
        new Request('https://worker.example/webhooks', {
          method: 'POST',
          body,
          headers: { [Webhooks.SIGNATURE_HEADER]: await Webhooks.sign(body, signWith) },
        }),
        { GATEWAY_WEBHOOK_SECRET: secret },
      );
    const ok = await post(delivered('evt_worker_1'), secret);
    expect([ok.status, await ok.text()]).toEqual([200, 'handled']);
    const forged = await post(delivered('evt_worker_2'), 'whsec_other');
    expect(forged.status).toBe(400);
  });
});

/** The globals docs/deploying.md lists for React Native, and nothing else (the language's own aside). */
const REACT_NATIVE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'URL',
  'URLSearchParams',
  'TextEncoder',
  'TextDecoder',
  'AbortController',
  'AbortSignal',
  'setTimeout',
  'clearTimeout',
  'console',
] as const;

describe('examples/react-native.ts', () => {
  it('sends and reads a message in a context with only the listed globals and crypto.getRandomValues', async () => {
    const bundle = await build({
      stdin: {
        contents:
          "export { sendCode } from './examples/react-native.ts'; export { Client } from 'gateway-sdk';",
        resolveDir: process.cwd(),
        sourcefile: 'rn-entry.ts',
      },
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'app',
      platform: 'neutral',
      mainFields: ['react-native', 'browser', 'module', 'main'],
      conditions: ['react-native', 'browser'],
      alias: { 'gateway-sdk': './src/index.ts' },
      external: ['node:*'],
      logLevel: 'silent',
    });
    const mock = createMockService();
    const host = globalThis as unknown as Record<string, unknown>;
    const context: Record<string, unknown> = Object.fromEntries(
      REACT_NATIVE_GLOBALS.map((name) => [name, host[name]]),
    );
    context.fetch = mock.fetch;
    context.crypto = { getRandomValues: (a: Uint8Array) => globalThis.crypto.getRandomValues(a) };
    const app = runInNewContext(`${bundle.outputFiles[0]?.text}; app`, context) as {
      sendCode: (client: unknown, to: string, code: string) => Promise<string>;
      Client: new (options: object) => unknown;
    };
    const client = new app.Client({ ...mock.clientOptions, maxRetries: 0 });
    expect(await app.sendCode(client, '+447700900123', '123456')).toMatch(/^msg_\w+ queued$/);
    const [message] = [...mock.store.messages.values()];
    expect(message?.body).toBe('Your code is 123456');
  });
});
