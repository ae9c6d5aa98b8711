// Browser bundle sizes: the same measurement as `npm run size`, taken from scripts/package/size.mjs so
// that the budget check and the benchmark cannot drift apart.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './cold-import.js';

export interface BundleSize {
  name: string;
  /** The entry chunk and the chunks it imports statically, min + gzip 9. */
  first: number;
  /** The first load's budget, for the bundles that load more on first use. */
  firstBudget?: number;
  /** Every chunk, min + gzip 9. */
  bytes: number;
  /** Every chunk as one file, min + gzip 9: `bytes` less what gzipping the chunks apart costs. */
  whole: number;
  budget: number;
  chunks: number;
  inputs: string[];
  problems: string[];
}

export async function measureBundles(): Promise<BundleSize[]> {
  const run = promisify(execFile);
  // size.mjs exits 1 when a bundle is over budget; its JSON still says by how much.
  const { stdout } = await run(process.execPath, [join(ROOT, 'scripts/package/size.mjs'), '--json']).catch(
    (error: { stdout?: string }) => ({
      stdout: error.stdout ?? '[]',
    }),
  );
  return JSON.parse(stdout) as BundleSize[];
}
