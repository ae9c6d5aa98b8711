import type { Metafile, OutputFile } from 'esbuild';

/** A page's bundle as scripts/package/bundle-size.mjs measures it. */
export interface BundledApp {
  metafile: Metafile;
  /** Each output chunk by its path relative to the repository. */
  byPath: Map<string, OutputFile>;
  /** The chunks a page loads before any call: the entry and its static imports. */
  loaded: Set<string>;
  /** Bytes of `loaded`, each chunk gzip -9. */
  first: number;
  /** Bytes of every chunk, each gzip -9. */
  all: number;
  /** Bytes of every chunk gzip -9 as one file: `all` less what splitting costs gzip. */
  whole: number;
}

/** Bundles `source` in `dir` for the browser and measures it, gateway-sdk being the package at `packageRoot`. */
export function bundleApp(
  dir: string,
  source: string,
  packageRoot?: string,
  /** Bare imports left out of the bundle: an optional peer the app installs itself. */
  external?: string[],
): Promise<BundledApp>;

/** The file the `exports` map of the package at `packageRoot` gives a browser bundler for `specifier`. */
export function exportTarget(specifier: string, packageRoot?: string): string;

/** The package.json of the package at `packageRoot`. */
export function manifest(packageRoot?: string): { name: string; exports?: Record<string, unknown> };
