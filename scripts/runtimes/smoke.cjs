// The smoke test by `require`, for Node. See smoke.mjs.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- this file is the require() test */
const { Client, GatewayError, ValidationError, isGatewayError, isAPIError } = require('gateway-sdk');
const { createWebhookHandler, Webhooks, WebhookVerificationError } = require('gateway-sdk/webhooks');
const { instrument, webhookTelemetry } = require('gateway-sdk/otel');
const { trace } = require('@opentelemetry/api');
const smoke = require('./smoke-core.cjs');

// The testing entry loads by require too (it finds the installed msw itself).
if (typeof require('gateway-sdk/testing').startMockServer !== 'function')
  throw new Error('check failed: require(gateway-sdk/testing) has no startMockServer');

smoke(
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
  JSON.parse(process.env.SMOKE_CONFIG),
).then(
  (result) => console.log(`SMOKE_RESULT ${JSON.stringify(result)}`),
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
