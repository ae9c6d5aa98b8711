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

// `root` is the checkout whose dist/ is loaded: this one, or another build (bench/compare.ts).
export const loadSdk = (root = ROOT): Promise<Sdk> =>
  import(pathToFileURL(join(root, 'dist/index.js')).href) as Promise<Sdk>;
export const loadWebhooks = (root = ROOT): Promise<WebhooksEntry> =>
  import(pathToFileURL(join(root, 'dist/webhooks.js')).href) as Promise<WebhooksEntry>;
export const loadCampaigns = (root = ROOT): Promise<CampaignsEntry> =>
  import(pathToFileURL(join(root, 'dist/campaigns.js')).href) as Promise<CampaignsEntry>;
