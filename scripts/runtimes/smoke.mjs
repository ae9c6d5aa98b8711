// The smoke test by `import`, for Node, Bun and Deno. Configuration comes from the environment:
// the GATEWAY_* variables the Client reads by itself, and SMOKE_CONFIG (JSON) from run.mjs.
import { Client, GatewayError, isAPIError, isGatewayError, ValidationError } from 'gateway-sdk';
import { createWebhookHandler, Webhooks, WebhookVerificationError } from 'gateway-sdk/webhooks';
import { trace } from '@opentelemetry/api';
import { instrument, webhookTelemetry } from 'gateway-sdk/otel';
import smoke from './smoke-core.cjs';

// On Node, the testing entry loads by import too (Bun and Deno run only the client and webhooks).
if (!globalThis.Deno && !globalThis.Bun) {
  const testing = await import('gateway-sdk/testing');
  if (typeof testing.startMockServer !== 'function')
    throw new Error('check failed: import(gateway-sdk/testing) has no startMockServer');
}

const env = globalThis.Deno ? globalThis.Deno.env.toObject() : globalThis.process.env;
const result = await smoke(
  {
    makeClient: (options) => new Client(options),
    GatewayError,
    ValidationError,
    Webhooks,
    WebhookVerificationError,
    createWebhookHandler,
    isGatewayError,
    isAPIError,
    otel: { instrument, webhookTelemetry, trace },
  },
  JSON.parse(env.SMOKE_CONFIG),
);
console.log(`SMOKE_RESULT ${JSON.stringify(result)}`);
