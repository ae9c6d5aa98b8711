// The SDK as users run it: the built dist/ (rebuilt by ensureBuilt() when older than src/), typed
// from src/. Measuring src/ through tsx would add its keepNames helper to every closure the SDK
// creates per call, a cost the published build does not have.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Index from '../src/index.js';
import type * as WebhooksModule from '../src/webhooks.js';
import type * as CampaignsModule from '../src/campaigns/index.js';
import { ROOT } from './cold-import.js';

export type Sdk = typeof Index;
export type WebhooksEntry = typeof WebhooksModule;
export type CampaignsEntry = typeof CampaignsModule;

export const loadSdk = (): Promise<Sdk> =>
  import(pathToFileURL(join(ROOT, 'dist/index.js')).href) as Promise<Sdk>;
export const loadWebhooks = (): Promise<WebhooksEntry> =>
  import(pathToFileURL(join(ROOT, 'dist/webhooks.js')).href) as Promise<WebhooksEntry>;
export const loadCampaigns = (): Promise<CampaignsEntry> =>
  import(pathToFileURL(join(ROOT, 'dist/campaigns.js')).href) as Promise<CampaignsEntry>;
