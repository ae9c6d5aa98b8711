// The smoke test in a browser page: run.mjs bundles this file with esbuild (platform browser) from
// the installed package and serves it on loopback; the mock service is another origin, so every
// call is a real cross-origin fetch. The page reads its configuration from /config.json.
import {
  Client,
  ConfigurationError,
  GatewayError,
  isAPIError,
  isGatewayError,
  ValidationError,
} from 'gateway-sdk';
import { createWebhookHandler, Webhooks, WebhookVerificationError } from 'gateway-sdk/webhooks';
import smoke from './smoke-core.cjs';

globalThis.smokeResult = (async () => {
  const config = await (await fetch('/config.json')).json();
  // A Client in a page exposes its key, so the SDK insists on an explicit opt-in.
  let guarded = false;
  try {
    new Client(config.clientOptions);
  } catch (error) {
    guarded = error instanceof ConfigurationError && error.option === 'dangerouslyAllowBrowser';
  }
  if (!guarded)
    throw new Error('check failed: new Client() in a page did not require dangerouslyAllowBrowser');
  const makeClient = (options) =>
    new Client({ ...config.clientOptions, dangerouslyAllowBrowser: true, ...options });
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
    },
    config,
  );
  // The user agent string is frozen at MAJOR.0.0.0; the client hints give the full version.
  const hints = await globalThis.navigator.userAgentData?.getHighEntropyValues(['fullVersionList']);
  const brand = hints?.fullVersionList?.find((b) =>
    /^(Chromium|HeadlessChrome|Google Chrome)$/.test(b.brand),
  );
  return { ...result, checks: result.checks + 1, version: brand?.version ?? globalThis.navigator.userAgent };
})();
