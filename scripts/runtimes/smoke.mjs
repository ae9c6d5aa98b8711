// The smoke test by `import`, for Node, Bun and Deno. Configuration comes from the environment:
// the GATEWAY_* variables the Client reads by itself, and SMOKE_CONFIG (JSON) from run.mjs.
import { Client } from 'gateway-sdk';
import { createWebhookHandler, Webhooks, WebhookVerificationError } from 'gateway-sdk/webhooks';
import smoke from './smoke-core.cjs';

const env = globalThis.Deno ? globalThis.Deno.env.toObject() : globalThis.process.env;
const result = await smoke(
  { makeClient: () => new Client(), Webhooks, WebhookVerificationError, createWebhookHandler },
  JSON.parse(env.SMOKE_CONFIG),
);
console.log(`SMOKE_RESULT ${JSON.stringify(result)}`);
