// The package as tsup builds it (tsup.config.ts, without declarations), once per vitest run rather
// than once per file that needs it: test/testing/dist.test.ts and entry-builds.test.ts copy it to
// where they run it, and the CLI tests spawn its dist/cli.js, a plain `node` start instead of
// tsx compiling src/ on every spawn. Tests read the folder with `inject('gatewayBuild')`.
//
// The build is kept under .tmp/test-build/<hash>, the hash being of everything that goes into it
// (src/, the tsup config and its plugin, the TypeScript config, package.json and the lockfile, which pins tsup, esbuild
// and the bundled zod and ky), so CI's four runs of the suite (one per Node line) build it once, and
// a change to any input builds afresh: a stale build is never used. A run whose files need no build
// (e.g. `vitest run test/core`) does not make one.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built package's folder (dist/'s contents), or why it failed; neither if the run needs none. */
    gatewayBuild: { dir?: string; error?: string };
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = join(ROOT, '.tmp/test-build');

/** The files that read `inject('gatewayBuild')`, directly or through test/helpers/cli.ts. */
export const BUILD_CONSUMERS = [
  'test/cli/commands.test.ts',
  'test/cli/docs-loop.test.ts',
  'test/cli/safety.test.ts',
  'test/house/webhooks-entry.test.ts',
  'test/testing/dist.test.ts',
  'test/testing/entry-builds.test.ts',
  'test/release/upgrade.test.ts',
];

/** Every input of the build, hashed by path and content. */
function inputsHash(): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    hash.update(`${relative(ROOT, path)}\0`);
    hash.update(readFileSync(path));
    hash.update('\0');
  };
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else add(path);
    }
  };
  walk(join(ROOT, 'src'));
  const configs = ['tsup.config.ts', 'scripts/package/webhooks-entry.ts'];
  for (const file of [...configs, 'tsconfig.json', 'package.json', 'package-lock.json'])
    add(join(ROOT, file));
  return hash.digest('hex').slice(0, 16);
}

/** Builds the package into `.tmp/test-build/<hash>` unless it is there; returns that folder. */
async function ensureBuild(): Promise<string> {
  const dir = join(CACHE, inputsHash());
  if (!existsSync(join(dir, 'cli.js'))) {
    // Built aside and renamed into place, so a build cut short or one run reading while another
    // builds never sees half a folder.
    mkdirSync(CACHE, { recursive: true });
    const partial = `${dir}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    const { build } = await import('tsup');
    const { default: configs } = await import('../../tsup.config.js');
    // All at once, each into the fresh folder (so none cleans it under another): the same files in
    // half the time of one after the other.
    const list = Array.isArray(configs) ? configs : [configs];
    const results = await Promise.allSettled(
      list.map((config) =>
        build({ ...config, outDir: partial, clean: false, dts: false, silent: true, config: false }),
      ),
    );
    const failed = results.find((r) => r.status === 'rejected');
    if (failed !== undefined) {
      rmSync(partial, { recursive: true, force: true });
      throw failed.reason;
    }
    try {
      renameSync(partial, dir);
    } catch (error) {
      // Another run got there first with the same inputs, hence the same build: use theirs.
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(join(dir, 'cli.js'))) throw error;
    }
  }
  const now = new Date();
  utimesSync(dir, now, now);
  prune(dir);
  return dir;
}

/** Removes builds of other inputs that no run has used for an hour (a run in progress uses its own). */
function prune(keep: string) {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (path === keep) continue;
    try {
      if (statSync(path).mtimeMs < hourAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another run's prune.
    }
  }
}

/** Whether any of `files` (absolute paths) needs the build. */
const needsBuild = (files: string[]) => files.some((f) => BUILD_CONSUMERS.includes(relative(ROOT, f)));

/** The build, or why there is none: sources tsup cannot build fail the files that need it, not the run. */
const tryBuild = () =>
  ensureBuild().then(
    (dir) => ({ dir }),
    (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
  );

export default async function setup(project: TestProject) {
  // The CLI's file filters (`vitest run test/core`), when given: Vitest keeps them on an internal
  // field, so anything unexpected there counts as "no filter" and the build is made.
  const filters = (project.vitest as unknown as { filenamePattern?: unknown }).filenamePattern;
  const wanted =
    Array.isArray(filters) && filters.every((f) => typeof f === 'string')
      ? needsBuild((await project.globTestFiles(filters as string[])).testFiles)
      : true;
  project.provide('gatewayBuild', wanted ? await tryBuild() : {});
  // In watch mode, a rerun after src/ changed gets a build of the new sources.
  project.onTestsRerun(async (specs) => {
    if (needsBuild(specs.map((s) => s.moduleId))) project.provide('gatewayBuild', await tryBuild());
  });
}
