// The client's browser size against its peers', measured the same way in the same run: an app that
// constructs each SDK's client and makes one call, bundled by scripts/package/bundle-size.mjs, as `npm run size` bundles
// ours (bundle, minify, code splitting, ESM, platform browser), every chunk gzipped (level 9) on its
// own. "First load" is the entry chunk and the chunks it imports statically; "all" is every chunk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleApp } from '../scripts/package/bundle-size.mjs';
import { ROOT } from './cold-import.js';

export interface PeerSize {
  name: string;
  /** The package and version measured, e.g. `stripe 23.1.0`. */
  version: string;
  first: number;
  all: number;
  chunks: number;
}

const PEERS: { name: string; pkg: string; source: string }[] = [
  {
    name: 'gateway-sdk',
    pkg: '.',
    source: `import { Client } from 'gateway-sdk';
const client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.example.com', dangerouslyAllowBrowser: true });
export const send = () => client.sms.messages.create({ to: '447700900123', message: 'Hello' });`,
  },
  {
    name: 'stripe',
    pkg: 'stripe',
    source: `import Stripe from 'stripe';
const stripe = new Stripe('sk_test');
export const send = () => stripe.customers.create({ email: 'a@example.com' });`,
  },
  {
    name: 'resend',
    pkg: 'resend',
    source: `import { Resend } from 'resend';
const resend = new Resend('re_test');
export const send = () => resend.emails.send({ from: 'a@example.com', to: 'b@example.com', subject: 'Hi', text: 'Hello' });`,
  },
  {
    name: 'svix',
    pkg: 'svix',
    source: `import { Svix } from 'svix';
const svix = new Svix('testsk_test');
export const send = () => svix.message.create('app_1', { eventType: 'user.signup', payload: {} });`,
  },
  {
    name: 'openai',
    pkg: 'openai7',
    source: `import OpenAI from 'openai7';
const openai = new OpenAI({ apiKey: 'sk-test', dangerouslyAllowBrowser: true });
export const send = () => openai.responses.create({ model: 'gpt-5', input: 'Hello' });`,
  },
];

function versionOf(pkg: string): string {
  const json = JSON.parse(
    readFileSync(join(ROOT, pkg === '.' ? '' : `node_modules/${pkg}`, 'package.json'), 'utf8'),
  );
  return `${json.name as string} ${json.version as string}`;
}

/** Bundles one app as `npm run size` does; its first load and all chunks, min + gzip 9. */
async function measure(name: string, source: string): Promise<Omit<PeerSize, 'version'>> {
  const app = await bundleApp(join(ROOT, '.tmp', 'size-peers', name), source);
  return { name, first: app.first, all: app.all, chunks: app.byPath.size };
}

export async function measurePeers(): Promise<PeerSize[]> {
  const sizes: PeerSize[] = [];
  for (const peer of PEERS)
    sizes.push({ ...(await measure(peer.name, peer.source)), version: versionOf(peer.pkg) });
  return sizes;
}
