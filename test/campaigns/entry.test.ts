// The gateway-sdk/campaigns entry: sending to many lives there and only there. The main
// entry neither exports nor imports it, the methods it replaced are gone from `client.sms`, and a
// first argument that is not a Client is refused before anything is read or sent.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import * as sdk from 'gateway-sdk';
import { Client, ValidationError } from 'gateway-sdk';
import * as campaigns from 'gateway-sdk/campaigns';
import { createAll, createMany } from 'gateway-sdk/campaigns';
import { createMockService } from 'gateway-sdk/testing';
// @ts-expect-error: a plain .mjs script without declarations.
import { graphOf, listFiles } from '../../scripts/house/import-cycles.mjs';
import { countingSource } from '../helpers/batches.js';
import { message } from '../helpers/fixtures.js';

const SRC = join(__dirname, '../../src');

function setup() {
  const fetch = vi.fn(() => Promise.resolve(Response.json(message)));
  const client = new Client({
    apiKey: 'sk_campaigns_01',
    baseURL: 'https://api.example.com',
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { client, fetch };
}

/** Every file `entry` reaches through imports (type-only ones included), as paths under src/. */
function reachable(entry: string): string[] {
  const graph = graphOf(listFiles(SRC)) as Map<string, string[]>;
  const seen = new Set<string>([join(SRC, entry)]);
  for (const file of seen) for (const next of graph.get(file) ?? []) seen.add(next);
  return [...seen].map((file) => file.slice(SRC.length + 1));
}

// A runtime `import … from '…'` or `export … from '…'` (not `import type`), and a bare `import '…'`.
const STATIC = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]/gm;

/** What `entry` loads when imported: the files its runtime imports reach, and the packages they name. */
function loadedBy(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>([join(SRC, entry)]);
  const packages = new Set<string>();
  for (const file of files) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(STATIC)) {
      if (spec === undefined) continue;
      if (!spec.startsWith('.')) packages.add(spec);
      else files.add(join(dirname(file), spec).replace(/\.js$/, '.ts'));
    }
  }
  return { files: [...files].map((file) => file.slice(SRC.length + 1)), packages: [...packages] };
}

describe('gateway-sdk/campaigns', () => {
  it('holds createMany, createAll and the pacers', () => {
    expect(Object.keys(campaigns).sort()).toEqual(['createAll', 'createMany', 'memoryPacer', 'redisPacer']);
  });

  it('is neither exported nor imported by gateway-sdk', () => {
    for (const name of ['createAll', 'createMany', 'memoryPacer', 'redisPacer'])
      expect(sdk).not.toHaveProperty(name);
    const files = reachable('index.ts');
    expect(files).toContain('client.ts');
    expect(files.filter((file) => file.startsWith('campaigns/'))).toEqual([]);
  });

  it('loads no zod and no ky when imported: createAll loads its checks with its first call', () => {
    const { files, packages } = loadedBy('campaigns/index.ts');
    expect(files).toContain('campaigns/create-all.ts');
    expect(files).not.toContain('campaigns/checks.ts');
    expect(packages.filter((name) => /^(zod|ky)(\/|$)/.test(name))).toEqual([]);
    expect(loadedBy('campaigns/checks.ts').packages).toContain('zod/mini');
  });

  it("createAll's refusal of a field names the caller's frame", async () => {
    const { client, fetch } = setup();
    function myAppCampaignWithoutText() {
      return createAll(client, { recipients: ['+447700900123'], message: '' });
    }
    const error: unknown = await myAppCampaignWithoutText().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/message must be 1 to 1000 characters/);
    expect((error as Error).stack).toContain('myAppCampaignWithoutText');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is gone from client.sms', () => {
    const { client } = setup();
    expect(client.sms.messages).not.toHaveProperty('createMany');
    expect(client.sms.bulk).not.toHaveProperty('createAll');
  });

  it('createMany refuses a first argument that is not a Client, before reading or sending', async () => {
    const { client, fetch } = setup();
    for (const wrong of [undefined, null, {}, client.sms.messages, client.sms]) {
      const { state, source } = countingSource(3, (i) => ({ to: '+447700900123', message: `Hi ${i}` }));
      const error: unknown = await createMany(wrong as never, source)
        .next()
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toMatch(
        /^createMany\(client, items, options\): client must be a Client from 'gateway-sdk'.*Nothing was sent\.$/,
      );
      expect((error as ValidationError).issues).toEqual([
        { path: ['client'], message: "must be a Client from 'gateway-sdk'" },
      ]);
      expect(state.read).toBe(0);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('createAll refuses a first argument that is not a Client, before reading or sending', async () => {
    const { client, fetch } = setup();
    for (const wrong of [undefined, null, {}, client.sms.bulk, client.sms]) {
      const { state, source } = countingSource(3, () => '+447700900123');
      const error: unknown = await createAll(wrong as never, { recipients: source, message: 'Hi' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toMatch(
        /^createAll\(client, params, options\): client must be a Client/,
      );
      expect(state.read).toBe(0);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends through the client it is given, with its options', async () => {
    const mock = createMockService();
    const client = new Client({ ...mock.clientOptions, fetch: mock.fetch, maxRetries: 0 });
    const results = [];
    for await (const r of createMany(client, [{ to: '+447700900123', message: 'Hi' }], {
      idempotencyKey: 'e',
    }))
      results.push(r);
    expect(results).toMatchObject([{ ok: true, idempotencyKey: 'e:0' }]);
    const summary = await createAll(
      client,
      { recipients: ['+447700900123', '+447700900456'], message: 'Sale' },
      { idempotencyKey: 'b', chunkSize: 1 },
    );
    expect(summary.failed).toEqual([]);
    expect(summary.jobs.map((j) => [j.idempotencyKey, j.count])).toEqual([
      ['b:0', 1],
      ['b:1', 1],
    ]);
  });
});
