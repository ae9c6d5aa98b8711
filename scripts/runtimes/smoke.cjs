// The smoke test by `require`, for Node. See smoke.mjs.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- this file is the require() test */
const { Client } = require('gateway-sdk');
const { createWebhookHandler, Webhooks, WebhookVerificationError } = require('gateway-sdk/webhooks');
const smoke = require('./smoke-core.cjs');

smoke(
  { makeClient: () => new Client(), Webhooks, WebhookVerificationError, createWebhookHandler },
  JSON.parse(process.env.SMOKE_CONFIG),
).then(
  (result) => console.log(`SMOKE_RESULT ${JSON.stringify(result)}`),
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
