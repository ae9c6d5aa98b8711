// The smoke test for edge runtimes (Cloudflare's workerd, Vercel's edge-runtime): run.mjs bundles
// this file with esbuild from the installed package, once as a Worker module and once as a script
// for edge-runtime's VM. Besides the shared smoke (send, list across pages, verify, the webhook
// handler), it checks that a timed-out call really stops: the call must reject with
// APIConnectionTimeoutError, and run.mjs checks that the hanging server it was sent to saw its
// connection closed (edge-runtime has no AbortSignal.any, which is how a
// fetch wrapper typically joins a timeout to the caller's signal).
import {
  APIConnectionTimeoutError,
  Client,
  GatewayError,
  isAPIError,
  isGatewayError,
  ValidationError,
} from 'gateway-sdk';
import { createWebhookHandler, Webhooks, WebhookVerificationError } from 'gateway-sdk/webhooks';
import { trace } from '@opentelemetry/api';
import { instrument, webhookTelemetry } from 'gateway-sdk/otel';
import smoke from './smoke-core.cjs';

/** Runs every check; resolves to the result run.mjs reads, or rejects naming the failed check. */
export async function edgeSmoke(config) {
  const makeClient = (options) => new Client({ ...config.clientOptions, ...options });
  const result = await smoke(
    {
      makeClient,
      GatewayError,
      ValidationError,
      Webhooks,
      WebhookVerificationError,
      createWebhookHandler,
      isGatewayError,
      isAPIError,
      otel: { instrument, webhookTelemetry, trace },
    },
    config,
  );
  let checks = result.checks;
  const check = (ok, what) => {
    if (!ok) throw new Error(`check failed: ${what}`);
    checks++;
  };

  // A call to a server that never answers: the attempt's timeout must end it.
  const hanging = new Client({
    ...config.clientOptions,
    baseURL: config.hang.url,
    timeout: config.hang.timeout,
    maxRetries: 0,
  });
  const started = Date.now();
  // Bounded here too, so that a call that never settles fails this check instead of hanging the run.
  let timer;
  const error = await Promise.race([
    hanging.sms.messages.retrieve(config.hang.id).then(
      () => undefined,
      (e) => e,
    ),
    new Promise((resolve) => {
      timer = setTimeout(
        () => resolve({ name: `nothing: the call had not settled ${config.hang.timeout + 5000} ms later` }),
        config.hang.timeout + 5000,
      );
    }),
  ]);
  clearTimeout(timer);
  check(
    error instanceof APIConnectionTimeoutError,
    `a timed-out call rejects with APIConnectionTimeoutError (got ${error?.name ?? 'a response'})`,
  );

  return { ...result, checks, timeoutMs: Date.now() - started };
}
