// `npm run docs:sizes`: the bundle sizes in README.md and docs/*.md come from `npm run size`, never
// from a hand. A figure sits between markers naming the bundle, the figure and its format:
//
//   <!-- size:webhooks-handler.bytes:kb -->5.4 KB<!-- /size -->
//
// bundle: client, webhooks-verify, webhooks-handler, webhooks-all, campaigns (a row of
// scripts/package/size.mjs, found by its name); figure: first (first load), bytes (all chunks),
// budget; format: kb ("5.4 KB"), b ("5,420 B"), or none ("5.4 KB (5,420 B)"). Without arguments it
// fails when a figure differs from what `npm run size -- --json` measures (run `npm run build` first);
// `--write` fills them in. `--json=FILE` reads the measurements from a file instead.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One row of `npm run size -- --json`, as far as the docs read it. */
export interface SizeRow {
  name: string;
  first?: number | undefined;
  bytes: number;
  budget: number;
}

/** Which row each marker's bundle names: the first whose name passes the test. */
const BUNDLES: Record<string, (name: string) => boolean> = {
  client: (n) => n.startsWith('gateway-sdk { Client'),
  'webhooks-verify': (n) => n.startsWith('gateway-sdk/webhooks { Webhooks'),
  'webhooks-handler': (n) => n.includes('createWebhookHandler'),
  'webhooks-all': (n) => n.startsWith('gateway-sdk/webhooks *'),
  campaigns: (n) => n.startsWith('gateway-sdk/campaigns'),
};

const MARKER = /<!-- size:([\w-]+)\.(first|bytes|budget)(?::(kb|b))? -->([\s\S]*?)<!-- \/size -->/g;

/** One figure as the docs print it. */
export function formatSize(bytes: number, format: string | undefined): string {
  const kb = `${(bytes / 1024).toFixed(1)} KB`;
  const b = `${bytes.toLocaleString('en-US')} B`;
  return format === 'kb' ? kb : format === 'b' ? b : `${kb} (${b})`;
}

/** `text` with every marker's figure taken from `rows`, and the markers that name no figure. */
export function fillSizes(text: string, rows: readonly SizeRow[]): { text: string; unknown: string[] } {
  const unknown: string[] = [];
  const filled = text.replace(MARKER, (whole, bundle: string, figure: string, format: string | undefined) => {
    const test = BUNDLES[bundle];
    const row = test ? rows.find((r) => test(r.name)) : undefined;
    const bytes = row?.[figure as 'first' | 'bytes' | 'budget'];
    if (bytes === undefined) {
      unknown.push(whole.slice(0, whole.indexOf('-->') + 3));
      return whole;
    }
    return `<!-- size:${bundle}.${figure}${format ? `:${format}` : ''} -->${formatSize(bytes, format)}<!-- /size -->`;
  });
  return { text: filled, unknown };
}

/** The Markdown files whose figures are generated: README.md and docs/*.md. */
export function sizedDocs(root: string): string[] {
  return [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const from = process.argv.find((a) => a.startsWith('--json='))?.slice('--json='.length);
  const json = from
    ? readFileSync(from, 'utf8')
    : execFileSync(process.execPath, ['scripts/package/size.mjs', '--json'], { cwd: root, encoding: 'utf8' });
  const rows = JSON.parse(json) as SizeRow[];
  const write = process.argv.includes('--write');
  const stale: string[] = [];
  let markers = 0;
  for (const doc of sizedDocs(root)) {
    const text = readFileSync(join(root, doc), 'utf8');
    markers += [...text.matchAll(MARKER)].length;
    const { text: filled, unknown } = fillSizes(text, rows);
    for (const u of unknown) stale.push(`${doc}: ${u} names no row of \`npm run size -- --json\``);
    if (filled === text) continue;
    if (write) writeFileSync(join(root, doc), filled);
    else stale.push(`${doc}: a size differs from \`npm run size\`: run \`npm run docs:sizes -- --write\``);
  }
  for (const s of stale) console.error(`sizes: ${s}`);
  console.log(`docs sizes: ${markers} figures ${write ? 'written' : 'checked'}, ${stale.length} problems`);
  process.exit(stale.length === 0 ? 0 : 1);
}
