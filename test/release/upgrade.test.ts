// docs/upgrading.md runs: an app written against 0.1.0's documented surface (test/fixtures/
// upgrade-0.1/app.mjs, plain JavaScript) is installed next to this run's build of the package, as a
// user installs it, and fails exactly at the breaks the guide lists, with the errors it names; with
// the guide's fixes applied (app-fixed.mjs) every scenario passes. The guide's sections, its count
// and CHANGELOG.md's Breaking entries of 0.2.0 are as many as the app's failures.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPackage } from '../helpers/cli-build.js';

const ROOT = join(__dirname, '../..');
let app: string;
beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), 'gateway-upgrade-'));
  const pkg = join(app, 'node_modules', 'gateway-sdk');
  mkdirSync(pkg, { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
  cpSync(builtPackage(), join(pkg, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'test/fixtures/upgrade-0.1'), app, { recursive: true });
  writeFileSync(join(app, 'package.json'), '{ "type": "module" }\n');
});
afterAll(() => rmSync(app, { recursive: true, force: true }));

const run = (file: string) =>
  JSON.parse(
    execFileSync(process.execPath, ['run.mjs', file], {
      cwd: app,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  ) as Record<string, string>;

const guide = readFileSync(join(ROOT, 'docs/upgrading.md'), 'utf8');
const app01 = readFileSync(join(ROOT, 'test/fixtures/upgrade-0.1/app.mjs'), 'utf8');

/** The entries of CHANGELOG.md's 0.2.0 "Breaking" list. */
function breakingEntries(): string[] {
  const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
  const release = changelog.split(/^## /m).find((s) => s.startsWith('[0.2.0]')) ?? '';
  const breaking = release.split(/^### /m).find((s) => s.startsWith('Breaking\n')) ?? '';
  return breaking.split('\n').filter((line) => line.startsWith('- '));
}

describe('upgrading a 0.1.0 app (docs/upgrading.md)', () => {
  it('fails exactly at each break the guide shows in JavaScript, with the errors it names', () => {
    const results = run('app.mjs');
    expect(results).toEqual({
      'send a message': 'ok',
      'walk the message list': 'ok',
      'send a campaign with createMany': 'ok',
      'send an OTP with one retry':
        'ValidationError: options.retries is not an option (did you mean maxRetries?). Nothing was sent.',
      'flag a drifted answer': 'Error: a drifted answer was not refused',
      'load the receiver': expect.stringMatching(
        /^ConfigurationError: createWebhookHandler: on\["payment_intent\.cancelled"\] is not an event type; did you mean "payment_intent\.canceled"\?/,
      ),
      'refuse a delivery without a type': 'Error: answered 500, not 400',
      'refuse an envelope without a type in constructEvent':
        'Error: constructEvent returned the drifted envelope',
      'send with the tracing headers':
        'ValidationError: options.headers has 120 headers: a call may set at most 100. Nothing was sent.',
      "list an organization's members":
        'ValidationError: options.serviceVersion is not sent by account operations, which have no Service-Version: remove it. Nothing was sent.',
      'send at the pinned service version':
        "ConfigurationError: serviceVersion must be a date as YYYY-MM-DD on the calendar, such as '2026-01-01'.",
      'test against the mock at an older version': expect.stringMatching(
        /^BadRequestError: 400 unsupported_version: Service-Version 2025-06-01 is not supported/,
      ),
      'register an SMS webhook and keep its secret': expect.stringMatching(
        /^TypeError: Cannot read properties of undefined \(reading 'secret'\)/,
      ),
      'make a handler with a five-minute replay window':
        'ConfigurationError: createWebhookHandler: "maxAge" is not an option (did you mean maxAgeSeconds?).',
      'start in a sandbox without Web Crypto':
        "ConfigurationError: crypto: 'web' needs crypto.subtle, missing here: use 'auto'.",
    });

    // Each failing scenario is marked `// Break N:` in app.mjs, N the guide's section; one per section.
    const marked = new Map(
      [...app01.matchAll(/\/\/ Break (\d+):.*\n(?:\s*\/\/.*\n)*\s*async (['"])(.+?)\2/g)].map((m) => [
        m[3],
        Number(m[1]),
      ]),
    );
    const failing = Object.keys(results).filter((name) => results[name] !== 'ok');
    expect(failing.sort()).toEqual([...marked.keys()].sort());
    const sections = [...guide.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]));
    expect([...marked.values()].sort((a, b) => a - b)).toEqual(sections);
    expect(failing).toHaveLength(12);
    expect(breakingEntries()).toHaveLength(failing.length);
    expect(guide).toContain(`0.2.0 has ${failing.length} breaking changes.`);
  });

  it('passes every scenario with the guide’s fixes applied', () => {
    const results = run('app-fixed.mjs');
    expect(Object.keys(results)).toHaveLength(15);
    expect(Object.entries(results).filter(([, r]) => r !== 'ok')).toEqual([]);
  });
});
