// `npm run bench -- --compare <git ref>`: this checkout's build against the build of <ref> (the last
// release, say), both loaded in one process and measured in the same rounds, each round in a
// rotated order so the machine's drift hits both alike. Every figure is a ratio per round (to bare
// ky, to a floor, or of the two builds), reported as the median and the range over the rounds.
//
// The calls and the pool are warmed in the rotating order of their timed rounds (three untimed
// rounds), so neither build is the one warmed first; the other sections warm each client once, in
// turn. Cold import runs three times the rounds asked for, its samples being short; a per-call
// sample is 2,000 calls (4,000 at 16 in flight), long enough to hold several young-generation
// collections. Each timed sample of the calls, the walk and the pool starts with a scavenge, so it
// pays for its own garbage only.
//
// The ref is exported (`git archive`, so the repository's worktree list is left alone) to
// .tmp/compare/<sha>, whose node_modules is a link to this one's when the lockfiles are equal (else
// `npm ci`), and built with its own `npm run build`; a build of the same sha is reused.
//
//   npm run bench -- --compare <ref> [--quick] [--rounds=N] [--only=sizes,calls,walk,pool,verify,handler,import,store]
//                    [--nodes=24,20] [--processes=N] [--write-results]
//
// --quick is a smoke run (3 rounds, short samples, a walk of 10,000 messages): not figures to quote.
// --nodes runs the timed sections once per Node line (bench/node-lines.ts), this script running
// itself under each. --processes=N runs the timed sections in N fresh processes per Node line and
// reports the median over them: within one process, garbage collection and the JIT can favour one
// of the clients for every round alike (seen: one of three clients 1.5 to 2 times slower for a whole
// process, at random), which more rounds cannot average out but more processes can.
// --write-results writes bench/RESULTS.md from this run.
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, platform, release } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from './child.js';
import { ensureBuilt, ROOT } from './cold-import.js';
import { nodeBinary } from './node-lines.js';
import { createKyAlike, drive, KEY, type Op, scenarios } from './overhead.js';
import { HEADERS, kyWalk, PAGE } from './pagination.js';
import { CONCURRENCY as RECEIVE_CONCURRENCY, rps, start } from './receive.js';
import { items, kyPool, sdkPool } from './scale-pools.js';
import {
  type CampaignsEntry,
  loadCampaigns,
  loadSdk,
  loadWebhooks,
  type Sdk,
  type WebhooksEntry,
} from './sdk.js';
import { PROFILES } from './profiles.js';
import { median } from './stats.js';
import { floorFor, perSecond } from './verify.js';

/** The goals of issue 51: per call and walk over bare ky at most, the pool's throughput at least. */
const GOAL = { call: 1.15, walk: 1.1, pool: 0.9 };
/** Untimed rounds before the timed ones of a per-call or pool row. */
const WARM_ROUNDS = 3;
/** The rounds of the section whose samples are short (cold import): three times the rest. */
const shortRounds = (s: Settings) => s.rounds * 3;
const SECTIONS = ['sizes', 'calls', 'walk', 'pool', 'verify', 'handler', 'import', 'store'] as const;
type Section = (typeof SECTIONS)[number];

interface Settings {
  rounds: number;
  requests: number;
  walkItems: number;
  sends: number;
  verifyMs: number;
  receiveMs: number;
  storeOps: number;
}
const settingsFor = (quick: boolean, rounds?: number): Settings => ({
  rounds: rounds ?? (quick ? 3 : 9),
  requests: quick ? 150 : 2_000,
  walkItems: quick ? 10_000 : 100_000,
  sends: quick ? 1_000 : 10_000,
  verifyMs: quick ? 60 : 300,
  receiveMs: quick ? 250 : 1_500,
  storeOps: quick ? 2_000 : 20_000,
});

/** A ratio over rounds: the median and the lowest and highest round. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}
export const spread = (xs: readonly number[]): Spread => ({
  median: median(xs),
  min: Math.min(...xs),
  max: Math.max(...xs),
});
/** Per-round ratios a[i] / b[i]. */
const per = (a: readonly number[], b: readonly number[]) => a.map((x, i) => x / (b[i] as number));

/** The order of round `round`: the keys rotated by one more each round, so each leads in turn. */
export function rotation<K>(keys: readonly K[], round: number): K[] {
  const at = round % keys.length;
  return [...keys.slice(at), ...keys.slice(0, at)];
}

/** Runs every measurement once per round in rotating order; every sample by measurement, in round order. */
export async function rotating<K extends string, T>(
  rounds: number,
  measurements: Record<K, () => Promise<T> | T>,
): Promise<Record<K, T[]>> {
  const keys = Object.keys(measurements) as K[];
  const out = Object.fromEntries(keys.map((k) => [k, [] as T[]])) as Record<K, T[]>;
  for (let r = 0; r < rounds; r++) for (const k of rotation(keys, r)) out[k].push(await measurements[k]());
  return out;
}

/** One row of the comparison: each build's ratio to the row's reference, and head over base. */
export interface Row {
  section: Section;
  measure: string;
  /** What the ratios are of, e.g. "CPU vs bare ky". */
  unit: string;
  base: Spread;
  head: Spread;
  headOverBase: Spread;
  /** The goal on `head`, at most or at least `at`, if there is one. */
  goal?: Goal;
  met?: boolean;
}

/** A goal on a ratio: at most `at` (`most`), or at least. */
interface Goal {
  at: number;
  most: boolean;
}
const meets = (ratio: number, { at, most }: Goal) => (most ? ratio <= at : ratio >= at);

function row(
  section: Section,
  measure: string,
  unit: string,
  base: number[],
  head: number[],
  goal?: Goal,
): Row {
  const h = spread(head);
  return {
    section,
    measure,
    unit,
    base: spread(base),
    head: h,
    headOverBase: spread(per(head, base)),
    ...(goal === undefined
      ? {}
      : {
          goal,
          met: meets(h.median, goal),
        }),
  };
}

interface Build {
  root: string;
  sdk: Sdk;
  webhooks: WebhooksEntry;
  campaigns: CampaignsEntry;
}
const loadBuild = async (root: string): Promise<Build> => ({
  root,
  sdk: await loadSdk(root),
  webhooks: await loadWebhooks(root),
  campaigns: await loadCampaigns(root),
});

/**
 * Empties the young generation (a scavenge, with --expose-gc), so that a sample pays for the
 * collections of its own garbage only, not for what ran before it. A scavenge deoptimizes nothing,
 * where a full collection would ("weak objects"). What it did and did not change:
 * docs/decisions/overhead-bench-method.md.
 */
const scavenge = () => (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc?.({ type: 'minor' });

/** CPU (µs, this process) and wall time (ms) of `work`, which starts with an empty young generation. */
async function cost(work: () => Promise<unknown>): Promise<{ cpu: number; wall: number }> {
  scavenge();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { cpu: used.user + used.system, wall };
}

async function calls(base: Build, head: Build, url: string, s: Settings): Promise<Row[]> {
  const rows: Row[] = [];
  const [b, h] = [scenarios(base.sdk, url), scenarios(head.sdk, url)];
  for (const [i, scenario] of b.entries()) {
    const ops: Record<'base' | 'head' | 'ky', Op> = {
      base: scenario.ops.sdk,
      head: h[i]?.ops.sdk ?? scenario.ops.sdk,
      ky: scenario.ops.ky,
    };
    // A sample spans many young-generation collections: each costs 8 to 15 ms on Node 24 and comes
    // every 300 to 450 calls, so a sample of 300 calls either held one or none, and the median of
    // per-round ratios followed which (0.7x to 1.8x bare ky for the same code; the record,
    // docs/decisions/overhead-bench-method.md, has the table).
    const n = s.requests * (scenario.inFlight > 1 ? 2 : 1);
    // Runs of `count` calls for each build and for bare ky.
    const drives = (count: number) => ({
      base: () => drive(ops.base, count, scenario.inFlight),
      head: () => drive(ops.head, count, scenario.inFlight),
      ky: () => drive(ops.ky, count, scenario.inFlight),
    });
    const once = drives(n);
    // Warmed as they are measured, in rotating rounds: warmed one after the other, the same code
    // read 1.07x to 1.12x head over base (GET at 1 in flight; docs/decisions/overhead-bench-method.md).
    await rotating(WARM_ROUNDS, drives(Math.ceil(n / WARM_ROUNDS)));
    const runs = await rotating(s.rounds, {
      base: () => cost(once.base),
      head: () => cost(once.head),
      ky: () => cost(once.ky),
    });
    const cpu = (k: 'base' | 'head' | 'ky') => runs[k].map((x) => x.cpu);
    rows.push(
      row(
        'calls',
        `${scenario.name}, ${scenario.inFlight} in flight`,
        'client CPU per call vs bare ky',
        per(cpu('base'), cpu('ky')),
        per(cpu('head'), cpu('ky')),
        { at: GOAL.call, most: true },
      ),
    );
  }
  return rows;
}

/** The first `max` messages of the list, through the SDK's `for await`. */
async function sdkWalk(sdk: Sdk, url: string, max: number): Promise<void> {
  const client = new sdk.Client({ apiKey: KEY, baseURL: url });
  let n = 0;
  for await (const message of client.sms.messages.list({ limit: PAGE })) {
    if (message.id === '') throw new Error('empty id');
    if (++n === max) return;
  }
  throw new Error(`walked ${n} messages, expected ${max}`);
}

async function walk(base: Build, head: Build, url: string, s: Settings): Promise<Row[]> {
  const api = createKyAlike(url, HEADERS);
  const ops = {
    base: () => sdkWalk(base.sdk, url, s.walkItems),
    head: () => sdkWalk(head.sdk, url, s.walkItems),
    ky: () => kyWalk(api, s.walkItems),
  };
  for (const op of Object.values(ops)) await op();
  const runs = await rotating(s.rounds, {
    base: () => cost(ops.base),
    head: () => cost(ops.head),
    ky: () => cost(ops.ky),
  });
  const cpu = (k: 'base' | 'head' | 'ky') => runs[k].map((x) => x.cpu);
  const wall = (k: 'base' | 'head' | 'ky') => runs[k].map((x) => x.wall);
  const name = `walk of ${s.walkItems.toLocaleString('en-US')} messages (pages of ${PAGE})`;
  return [
    row(
      'walk',
      name,
      'client CPU vs a bare-ky loop',
      per(cpu('base'), cpu('ky')),
      per(cpu('head'), cpu('ky')),
      {
        at: GOAL.walk,
        most: true,
      },
    ),
    row(
      'walk',
      name,
      'wall time vs a bare-ky loop',
      per(wall('base'), wall('ky')),
      per(wall('head'), wall('ky')),
    ),
  ];
}

async function pool(base: Build, head: Build, url: string, s: Settings): Promise<Row[]> {
  const api = createKyAlike(url, HEADERS);
  const clients = {
    base: new base.sdk.Client({ apiKey: KEY, baseURL: url }),
    head: new head.sdk.Client({ apiKey: KEY, baseURL: url }),
  };
  let run = 0;
  const ops = {
    base: () => sdkPool(base.campaigns, clients.base, s.sends, run++),
    head: () => sdkPool(head.campaigns, clients.head, s.sends, run++),
    ky: () => kyPool(api, items(s.sends), run++),
  };
  // Warmed in rotating rounds, as the calls are: warmed one after the other (500 sends each), the
  // same code read 0.61x to 0.74x in the client warmed first and 0.83x to 0.93x in the other
  // (docs/decisions/overhead-bench-method.md).
  const warm = Math.ceil(s.sends / 10);
  await rotating(WARM_ROUNDS, {
    base: () => sdkPool(base.campaigns, clients.base, warm, run++),
    head: () => sdkPool(head.campaigns, clients.head, warm, run++),
    ky: async () => void (await kyPool(api, items(warm), run++)),
  });
  const runs = await rotating(s.rounds, {
    base: () => cost(ops.base),
    head: () => cost(ops.head),
    ky: () => cost(ops.ky),
  });
  const cpu = (k: 'base' | 'head' | 'ky') => runs[k].map((x) => x.cpu);
  const wall = (k: 'base' | 'head' | 'ky') => runs[k].map((x) => x.wall);
  const name = `createMany, ${s.sends.toLocaleString('en-US')} sends`;
  return [
    row(
      'pool',
      name,
      'throughput vs a bare-ky pool',
      per(wall('ky'), wall('base')),
      per(wall('ky'), wall('head')),
      { at: GOAL.pool, most: false },
    ),
    row(
      'pool',
      name,
      'client CPU vs a bare-ky pool',
      per(cpu('base'), cpu('ky')),
      per(cpu('head'), cpu('ky')),
    ),
  ];
}

const SECRET = 'whsec_bench_compare_0123456789';

async function verify(base: Build, head: Build, s: Settings): Promise<Row[]> {
  const rows: Row[] = [];
  const floor = floorFor(SECRET);
  for (const size of [1024, 64 * 1024]) {
    const body = JSON.stringify({ id: 'evt_1', type: 'message.delivered', pad: 'x'.repeat(size) }).slice(
      0,
      size,
    );
    const signature = createHmac('sha256', SECRET).update(body).digest('hex');
    const fns = {
      base: (b: string, sig: string) => base.webhooks.Webhooks.verify(b, sig, SECRET),
      head: (b: string, sig: string) => head.webhooks.Webhooks.verify(b, sig, SECRET),
      floor,
    };
    for (const fn of Object.values(fns)) await perSecond(fn, body, signature, s.verifyMs);
    const runs = await rotating(s.rounds, {
      base: () => perSecond(fns.base, body, signature, s.verifyMs),
      head: () => perSecond(fns.head, body, signature, s.verifyMs),
      floor: () => perSecond(floor, body, signature, s.verifyMs),
    });
    rows.push(
      row(
        'verify',
        `Webhooks.verify, ${size / 1024} KB body`,
        'verifies per second vs node:crypto',
        per(runs.base, runs.floor),
        per(runs.head, runs.floor),
      ),
    );
  }
  return rows;
}

async function handler(base: Build, head: Build, s: Settings): Promise<Row[]> {
  const servers = await Promise.all([start('sdk', base.root), start('sdk', head.root), start('bare')]);
  const [b, h, bare] = servers;
  const agent = () => new Agent({ keepAlive: true, maxSockets: RECEIVE_CONCURRENCY });
  const agents = [agent(), agent(), agent()] as const;
  try {
    for (const [i, server] of servers.entries())
      await rps(server.url, agents[i] ?? agents[0], s.receiveMs / 2);
    const runs = await rotating(s.rounds, {
      base: () => rps(b.url, agents[0], s.receiveMs),
      head: () => rps(h.url, agents[1], s.receiveMs),
      bare: () => rps(bare.url, agents[2], s.receiveMs),
    });
    return [
      row(
        'handler',
        'createWebhookHandler + memoryStore over node:http, 1 KB events',
        'requests per second vs bare node:http + verify',
        per(runs.base, runs.bare),
        per(runs.head, runs.bare),
      ),
    ];
  } finally {
    for (const a of agents) a.destroy();
    for (const server of servers) server.stop();
  }
}

/** Wall time of a fresh `node` running `args`, ms. */
function spawnMs(args: readonly string[]): number {
  const started = performance.now();
  execFileSync(process.execPath, args, {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return performance.now() - started;
}

async function coldImport(base: Build, head: Build, s: Settings): Promise<Row[]> {
  const rows: Row[] = [];
  for (const file of ['index.js', 'webhooks.js']) {
    const importOf = (root: string) => [
      '--input-type=module',
      '-e',
      `import '${pathToFileURL(join(root, 'dist', file)).href}'`,
    ];
    const kinds = { base: importOf(base.root), head: importOf(head.root), empty: ['-e', '0'] };
    for (const args of Object.values(kinds)) spawnMs(args); // the file cache
    // Process start-up varies by milliseconds: three times the rounds of the other sections.
    const runs = await rotating(shortRounds(s), {
      base: () => spawnMs(kinds.base),
      head: () => spawnMs(kinds.head),
      empty: () => spawnMs(kinds.empty),
    });
    rows.push(
      row(
        'import',
        `cold import of dist/${file}`,
        'wall time vs `node -e 0`',
        per(runs.base, runs.empty),
        per(runs.head, runs.empty),
      ),
    );
  }
  return rows;
}

/** The store a receiver could hand-write: a Map of ids, claimed and completed, no expiry. */
function mapStore(): Pick<ReturnType<WebhooksEntry['memoryStore']>, 'claim' | 'complete'> {
  const ids = new Map<string, 'claimed' | 'done'>();
  return {
    claim: async (id) => {
      if (ids.has(id)) return false;
      ids.set(id, 'claimed');
      return true;
    },
    complete: async (id) => void ids.set(id, 'done'),
  };
}

/** Claims and completes per second on a fresh store: the dedupe of every delivery. */
async function storeRate(
  store: Pick<ReturnType<WebhooksEntry['memoryStore']>, 'claim' | 'complete'>,
  ops: number,
  round: number,
): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < ops; i++) {
    const id = `evt_${round}_${i}`;
    if (!(await store.claim(id, 3600))) throw new Error('a fresh id was refused');
    await store.complete?.(id, 3600);
    // One delivery in four repeats: the claim a duplicate costs.
    if (i % 4 === 0 && (await store.claim(id, 3600))) throw new Error('a duplicate was claimed');
  }
  return (ops * 1000) / (performance.now() - started);
}

async function store(base: Build, head: Build, s: Settings): Promise<Row[]> {
  let round = 0;
  const stores = {
    base: () => base.webhooks.memoryStore(),
    head: () => head.webhooks.memoryStore(),
    map: mapStore,
  };
  for (const make of Object.values(stores)) await storeRate(make(), s.storeOps, round++);
  const runs = await rotating(s.rounds, {
    base: () => storeRate(stores.base(), s.storeOps, round++),
    head: () => storeRate(stores.head(), s.storeOps, round++),
    map: () => storeRate(stores.map(), s.storeOps, round++),
  });
  return [
    row(
      'store',
      `memoryStore: claim + complete, ${s.storeOps.toLocaleString('en-US')} events (1 in 4 repeated)`,
      'events per second vs a bare Map',
      per(runs.base, runs.map),
      per(runs.head, runs.map),
    ),
  ];
}

/** The bundle sizes of both builds, as `npm run size` measures them, against its budgets. */
interface SizeRow {
  name: string;
  first: number;
  firstBudget?: number;
  bytes: number;
  budget: number;
}
function sizesOf(root: string): SizeRow[] {
  const script = join(ROOT, 'scripts/package/size.mjs');
  let out: string;
  try {
    out = execFileSync(process.execPath, [script, '--root', root, '--json'], { cwd: ROOT, encoding: 'utf8' });
  } catch (error) {
    // Over a budget exits 1; the JSON still holds every size.
    out = (error as { stdout?: string }).stdout ?? '[]';
  }
  return JSON.parse(out) as SizeRow[];
}

/** Exports `ref` to .tmp/compare/<sha> and builds it there, unless a build of that sha is there. */
export function prepareRef(ref: string, log: (line: string) => void): { root: string; sha: string } {
  const git = (args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const root = join(ROOT, '.tmp', 'compare', sha.slice(0, 12));
  const done = join(root, '.built');
  if (existsSync(done)) return { root, sha };
  log(`exporting ${ref} (${sha.slice(0, 12)}) to ${root} …`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C '${root}'`], { cwd: ROOT, stdio: 'inherit' });
  const lock = (dir: string) => readFileSync(join(dir, 'package-lock.json'), 'utf8');
  if (lock(root) === lock(ROOT)) symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  else {
    log('its lockfile differs: npm ci …');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  }
  log('building it …');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  writeFileSync(done, `${sha}\n`);
  return { root, sha };
}

/** What a run on one Node line measured. */
interface LineRun {
  node: string;
  load: number;
  rows: Row[];
}

/**
 * One Node line's runs in several processes as one: each cell the median over the processes of
 * their medians, and in brackets the lowest and highest process; a goal judged on the merged head.
 */
export function mergeRuns(runs: readonly LineRun[]): LineRun {
  const [first] = runs;
  if (first === undefined) throw new Error('mergeRuns needs at least one run');
  const across = (pick: (r: Row) => Spread, i: number): Spread =>
    spread(runs.map((run) => pick(run.rows[i] as Row).median));
  return {
    node: first.node,
    load: Math.max(...runs.map((r) => r.load)),
    rows: first.rows.map((r, i) => {
      const head = across((x) => x.head, i);
      return {
        ...r,
        base: across((x) => x.base, i),
        head,
        headOverBase: across((x) => x.headOverBase, i),
        ...(r.goal === undefined ? {} : { met: meets(head.median, r.goal) }),
      };
    }),
  };
}

async function measure(
  baseRoot: string,
  wanted: (s: Section) => boolean,
  s: Settings,
  log: (l: string) => void,
) {
  const base = await loadBuild(baseRoot);
  const head = await loadBuild(ROOT);
  const load = loadavg()[0] ?? 0;
  const rows: Row[] = [];
  const server = await startServer();
  try {
    const steps: [Section, () => Promise<Row[]>][] = [
      ['calls', () => calls(base, head, server.url, s)],
      ['walk', () => walk(base, head, server.url, s)],
      ['pool', () => pool(base, head, server.url, s)],
      ['verify', () => verify(base, head, s)],
      ['handler', () => handler(base, head, s)],
      ['import', () => coldImport(base, head, s)],
      ['store', () => store(base, head, s)],
    ];
    for (const [section, step] of steps) {
      if (!wanted(section)) continue;
      log(`Node ${process.versions.node}: ${section} …`);
      rows.push(...(await step()));
    }
  } finally {
    server.stop();
  }
  return { node: process.versions.node, load, rows };
}

const x = (n: number) => `${n.toFixed(2)}×`;
const cell = (r: Spread) => `${x(r.median)} (${x(r.min)}–${x(r.max)})`;

function sizeTable(base: SizeRow[], head: SizeRow[]): string {
  const lines = [
    '| bundle (min + gzip 9) | base | head | head − base | budget | |',
    '|---|---:|---:|---:|---:|---|',
  ];
  const fmt = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('en-US'));
  for (const h of head) {
    const b = base.find((r) => r.name === h.name);
    const add = (label: string, before: number | undefined, now: number, budget: number) =>
      lines.push(
        `| \`${label}\` | ${fmt(before)} | ${fmt(now)} | ${before === undefined ? '—' : `${now - before >= 0 ? '+' : ''}${fmt(now - before)}`} | ${fmt(budget)} | ${now <= budget ? 'ok' : `**over by ${fmt(now - budget)}**`} |`,
      );
    if (h.firstBudget !== undefined) add(`${h.name}, first load`, b?.first, h.first, h.firstBudget);
    add(`${h.name}, all chunks`, b?.bytes, h.bytes, h.budget);
  }
  return lines.join('\n');
}

function timingTable(run: LineRun): string {
  const lines = [
    '| measure | ratio of | base | head | head / base | goal (head) |',
    '|---|---|---:|---:|---:|---|',
  ];
  for (const r of run.rows)
    lines.push(
      `| ${r.measure} | ${r.unit} | ${cell(r.base)} | ${cell(r.head)} | ${cell(r.headOverBase)} | ${r.goal === undefined ? '' : `${r.goal.most ? '≤' : '≥'} ${r.goal.at.toFixed(2)}× ${r.met === true ? '**met**' : '**missed**'}`} |`,
    );
  return lines.join('\n');
}

/** Runs the comparison the command line asks for; prints it, and writes RESULTS.md with --write-results. */
export async function runCompare(argv: string[]): Promise<void> {
  const log = (line: string) => console.error(`[compare] ${line}`);
  const value = (name: string) => {
    const eq = argv.find((a) => a.startsWith(`${name}=`));
    if (eq !== undefined) return eq.slice(name.length + 1);
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const quick = argv.includes('--quick');
  const rounds = value('--rounds');
  const settings = settingsFor(quick, rounds === undefined ? undefined : Number(rounds));
  const only = value('--only')?.split(',');
  const wanted = (s: Section) => only === undefined || only.includes(s);
  const child = value('--compare-child');
  const baseArg = value('--compare-base');
  if (child !== undefined && baseArg !== undefined) {
    // One Node line's run, for the parent (--nodes).
    writeFileSync(child, JSON.stringify(await measure(baseArg, wanted, settings, log)));
    return;
  }
  const ref = value('--compare');
  if (ref === undefined || ref.startsWith('--'))
    throw new Error('--compare needs a git ref: npm run bench -- --compare v0.1.0');
  const started = Date.now();
  log('building this checkout if dist/ is stale …');
  ensureBuilt();
  const { root: baseRoot, sha } = prepareRef(ref, log);
  const sizes = wanted('sizes') ? { base: sizesOf(baseRoot), head: sizesOf(ROOT) } : undefined;
  const timed = SECTIONS.filter((s) => s !== 'sizes').some(wanted);
  const nodes = value('--nodes')?.split(',');
  const processes = Number(value('--processes') ?? 1);
  if (!Number.isInteger(processes) || processes < 1)
    throw new Error('--processes needs a whole number from 1');
  const runs: LineRun[] = [];
  if (timed && nodes === undefined && processes === 1)
    runs.push(await measure(baseRoot, wanted, settings, log));
  else if (timed)
    for (const line of nodes ?? [process.versions.node.split('.')[0] as string]) {
      const lineRuns: LineRun[] = [];
      for (let p = 1; p <= processes; p++) {
        const out = join(ROOT, '.tmp', 'compare', `line-${line}-${process.pid}-${p}.json`);
        const args = [
          '--expose-gc',
          '--import',
          'tsx',
          join(ROOT, 'bench/run.ts'),
          ...argv,
          '--compare-child',
          out,
        ];
        args.push('--compare-base', baseRoot);
        log(`Node ${line}, process ${p} of ${processes} …`);
        execFileSync(nodeBinary(line), args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
        lineRuns.push(JSON.parse(readFileSync(out, 'utf8')) as LineRun);
        rmSync(out, { force: true });
      }
      runs.push(mergeRuns(lineRuns));
    }
  const git = (args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const headSha = git(['rev-parse', '--short=12', 'HEAD']);
  const dirty =
    git(['status', '--porcelain', '--', 'src']) === '' ? '' : ' (with uncommitted changes in src/)';
  const cpu = cpus();
  const command = `npm run bench -- ${argv.join(' ')}`;
  const text = `# Benchmark results

Written by \`${command}\` (bench/compare.ts); do not edit by hand. How to read it: docs/reliability.md.

- Base: \`${ref}\` (${sha.slice(0, 12)}); head: ${headSha}${dirty}; both built (\`npm run build\`) and loaded in one process.
- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${platform()} ${release()}; ${runs.map((r) => `Node ${r.node} (1-minute load ${r.load.toFixed(1)} when it started)`).join(', ') || `Node ${process.versions.node}`}.
- ${settings.rounds} rounds per measure (${shortRounds(settings)} for cold import; the per-call rows in samples of ${settings.requests.toLocaleString('en-US')} calls, twice that at 16 in flight, after ${WARM_ROUNDS} untimed rounds, of a third of a sample each for the calls and of a tenth of a timed run for the pool)${quick ? ' (--quick: a smoke run, not figures to quote)' : ''}, each round running base, head and the reference in a rotated order; ${processes === 1 ? 'every cell is the median of the per-round ratios and, in brackets, the lowest and highest round' : `in ${processes} fresh processes per Node line; every cell is the median over the processes of each one's median per-round ratio and, in brackets, the lowest and highest process`}. ${Math.round((Date.now() - started) / 1000)} s.
- The machine may be shared: absolute times are not shown, only ratios of samples taken seconds apart.
${sizes === undefined ? '' : `\n## Bundle sizes\n\nesbuild bundle, minify, splitting, ESM, browser, of each build through its \`exports\` map, each chunk gzip -9 (\`npm run size\`; the budgets are this checkout's).\n\n${sizeTable(sizes.base, sizes.head)}\n`}${runs
    .map(
      (r) => `
## Node ${r.node}

CPU is \`process.cpuUsage()\` of the bench process (the loopback server runs in a child process).
Per call: \`messages.retrieve\` / \`messages.create\` against bare ky configured as the SDK configures it
(bench/overhead.ts). The walk: \`for await\` over \`messages.list({ limit: ${PAGE} })\` against a bare-ky
loop (bench/pagination.ts). The pool: \`createMany\` against a pool of bare ky, ${16} in flight (bench/scale-pools.ts).

${timingTable(r)}
`,
    )
    .join('')}`;
  console.log(text);
  if (argv.includes('--write-results')) {
    const prettier = await import('prettier');
    const path = join(ROOT, 'bench/RESULTS.md');
    const config = await prettier.resolveConfig(path);
    writeFileSync(path, await prettier.format(`${text}\n${PROFILES}`, { ...config, filepath: path }));
    log('wrote bench/RESULTS.md');
  }
}
