// `npm run api:check` (CI) and `npm run api:update`: the public API on record
// (docs/decisions/api-reports.md). API Extractor reads the declarations the build wrote to dist/
// (run `npm run build` first) and writes one report per entry, review/<entry>.api.md, with every
// type reachable from the entry's exports, those not exported by name among them (`client.sms`'s
// `Sms` class and its methods). The check fails when a report differs from the declarations (run
// `npm run api:update` and commit the diff), and when a report differs from the last release's
// without a changeset of the right bump: a removed or changed line (an export gone, a signature
// changed) is a break, so it needs a "Breaking:" changeset; an added line needs at least a patch.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import semver from 'semver';
import { readChangesets } from './changesets.js';
import { fileAt, gitMaybe, releaseBase } from './git.js';

/** An entry of the package and the declaration file the build writes for it. */
export interface ApiEntry {
  /** The report's name: review/<name>.api.md. */
  name: string;
  /** The entry's .d.ts, relative to the root. */
  types: string;
}

/** The package's entries (package.json `exports`), with their ESM declarations. */
export const ENTRIES: ApiEntry[] = [
  { name: 'gateway-sdk', types: 'dist/index.d.ts' },
  { name: 'gateway-sdk.webhooks', types: 'dist/webhooks.d.ts' },
  { name: 'gateway-sdk.campaigns', types: 'dist/campaigns.d.ts' },
  { name: 'gateway-sdk.otel', types: 'dist/otel.d.ts' },
  { name: 'gateway-sdk.testing', types: 'dist/testing/index.d.ts' },
  { name: 'gateway-sdk.testing-msw', types: 'dist/testing/msw/index.d.ts' },
];

const reportPath = (entry: ApiEntry) => `review/${entry.name}.api.md`;

/** API Extractor's settings for one entry. */
function configFor(
  root: string,
  entry: ApiEntry,
  entries: readonly ApiEntry[],
  compilerOptions: Record<string, unknown>,
): ExtractorConfig {
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(root, entry.types),
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'es2022',
            module: 'nodenext',
            moduleResolution: 'nodenext',
            strict: true,
            ...compilerOptions,
          },
          files: entries.map((e) => join(root, e.types)),
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: `${entry.name}.api.md`,
        reportFolder: join(root, 'review'),
        reportTempFolder: join(root, '.tmp/api'),
        // The types an export reaches but the entry does not export by name (the resource classes
        // behind `client.sms`, `client.payment`, `client.account`): their methods are most of the
        // surface, and a report without them lets a changed operation through.
        includeForgottenExports: true,
      },
      newlineKind: 'lf',
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        // The report records the surface; doc-comment style is typedoc's and eslint's business. The
        // forgotten-export warning is silent because the report includes those types.
        extractorMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
        compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
      },
    },
    configObjectFullPath: join(root, 'api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
  });
}

/**
 * Runs API Extractor on one entry, over one compiler program for all entries (one type check, not
 * five); with `update`, writes its report. Returns whether the report was current.
 */
function extract(config: ExtractorConfig, compilerState: CompilerState, update: boolean): boolean {
  const result = Extractor.invoke(config, {
    localBuild: update,
    compilerState,
    messageCallback: (message) => {
      // API Extractor's own progress lines; problems come back in the result.
      if (message.logLevel === ExtractorLogLevel.Info || message.logLevel === ExtractorLogLevel.Verbose)
        message.handled = true;
    },
  });
  if (!result.succeeded && !result.apiReportChanged)
    throw new Error(`API Extractor failed on ${config.mainEntryPointFilePath}: ${result.errorCount} errors`);
  return !result.apiReportChanged;
}

/**
 * A report's lines as the diff compares them: each under the declarations that enclose it, by
 * indentation (`class SmsWebhooks extends APIResource { create(…): …;`), so that `id: string;`
 * removed from one interface is not hidden by the same line in another; a closing line (`}):
 * Result;`) keeps the declaration it closes. The enclosing lines are read without `export `, so
 * exporting a class that was only reachable moves none of its members. Blank lines, `//
 * (undocumented)` and the `VERSION` constant, which every release changes, are left out.
 */
function reportLines(text: string): string[] {
  const stack: { indent: number; text: string }[] = [];
  const keys: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line === '// (undocumented)' || raw.startsWith('export const VERSION = ')) continue;
    const indent = raw.length - raw.trimStart().length;
    while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) > indent) stack.pop();
    const closes = /^[)}\]]/.test(line) && stack.at(-1)?.indent === indent;
    if (!closes) while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
    keys.push([...stack.map((s) => s.text), line].join(' '));
    if (closes) stack.pop();
    else if (!line.startsWith('//')) stack.push({ indent, text: line.replace(/^export /, '') });
  }
  return keys;
}

/**
 * Lines only in `before` (removed or changed) and only in `after` (added), each under its enclosing
 * declarations (`reportLines`). A line that only gained `export ` (a reachable class exported by
 * name) is added, not removed.
 */
export function reportDiff(before: string, after: string): { removed: string[]; added: string[] } {
  const was = new Set(reportLines(before));
  const now = new Set(reportLines(after));
  return {
    removed: [...was].filter((l) => !now.has(l) && !now.has(`export ${l}`)),
    added: [...now].filter((l) => !was.has(l)),
  };
}

/**
 * Whether the changes since `base` are allowed to break users' code, and whether any is recorded:
 * from the pending changesets, or on a release commit (package.json's version changed since
 * `base`, the changesets already in CHANGELOG.md) from the size of the version step.
 */
function bumpsSince(root: string, base: string): { breaking: boolean; any: boolean } {
  const version = (text: string | undefined) =>
    text ? (JSON.parse(text) as { version: string }).version : '';
  const was = version(fileAt(root, base, 'package.json'));
  const now = version(readFileSync(join(root, 'package.json'), 'utf8'));
  if (was !== '' && was !== now && semver.valid(was) && semver.valid(now)) {
    const step = semver.diff(was, now);
    return { breaking: step === 'major' || (semver.major(was) === 0 && step === 'minor'), any: true };
  }
  const { changesets } = readChangesets(root);
  return {
    breaking: changesets.some((c) => c.group === 'Breaking'),
    any: changesets.some((c) => c.bump !== undefined),
  };
}

/**
 * The commit after `base` that made the reports record the types reachable only through an export
 * (`includeForgottenExports`: `client.sms`'s `Sms` class and its methods), or undefined when `base`
 * is later. A report at `base` written before it has no line for those types, so a change to them
 * would read as an addition: until a release after it is the base, a line removed since that commit
 * is a removed line too.
 */
function completeReportsSince(root: string, base: string): string | undefined {
  const commits = gitMaybe(
    root,
    'log',
    '--reverse',
    '--format=%H',
    '-SincludeForgottenExports: true',
    `${base}..HEAD`,
    '--',
    'scripts/release/api.ts',
  );
  return commits ? commits.split('\n')[0] : undefined;
}

/**
 * What is wrong with the reports under `root`: stale against dist/ (skipped with `update`, which
 * rewrites them), or changed since `base` without a changeset of the right bump.
 */
export function apiProblems(
  root: string,
  base: string,
  {
    update = false,
    entries = ENTRIES,
    compilerOptions = {},
  }: { update?: boolean; entries?: ApiEntry[]; compilerOptions?: Record<string, unknown> } = {},
): string[] {
  const problems: string[] = [];
  mkdirSync(join(root, 'review'), { recursive: true });
  const missing = entries.find((entry) => !existsSync(join(root, entry.types)));
  if (missing) throw new Error(`${missing.types} is missing: run \`npm run build\` first`);
  const configs = entries.map((entry) => configFor(root, entry, entries, compilerOptions));
  const [first] = configs;
  if (!first) return problems;
  const compilerState = CompilerState.create(first);
  for (const [i, entry] of entries.entries()) {
    const config = configs[i];
    if (config && !extract(config, compilerState, update) && !update)
      problems.push(
        `${reportPath(entry)} is not what the declarations say: run \`npm run api:update\` and commit the report (the diff is the surface change)`,
      );
  }
  const { breaking, any } = bumpsSince(root, base);
  const complete = completeReportsSince(root, base);
  for (const entry of entries) {
    const before = fileAt(root, base, reportPath(entry));
    const after = readFileSync(join(root, reportPath(entry)), 'utf8');
    const { removed: removedSinceBase, added } = reportDiff(before ?? '', after);
    const removedSinceComplete = complete
      ? reportDiff(fileAt(root, complete, reportPath(entry)) ?? '', after).removed
      : [];
    const removed = [...new Set([...removedSinceBase, ...removedSinceComplete])];
    if (before !== undefined && removed.length === 0 && added.length === 0) continue;
    if (removed.length > 0 && !breaking)
      problems.push(
        `${reportPath(entry)} removes or changes ${removed.length} lines since ${base} (${removed[0]?.trim()}${removed.length > 1 ? ', …' : ''}): that breaks users' code, so it needs a "Breaking:" changeset with its migration (CONTRIBUTING.md, "Adding a changeset")`,
      );
    else if (!any)
      problems.push(
        `${reportPath(entry)} changed since ${base} and no changeset says so: run \`npx changeset\` (an added export is at least a patch)`,
      );
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const update = process.argv.includes('--update');
  const base = releaseBase(root);
  const problems = apiProblems(root, base, { update });
  for (const p of problems) console.error(`api: ${p}`);
  console.log(
    `api: ${ENTRIES.length} reports ${update ? 'written' : 'checked'} against ${base}: ${problems.length === 0 ? 'ok' : `${problems.length} problems`}`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
