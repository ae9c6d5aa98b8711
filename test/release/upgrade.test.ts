// docs/upgrading.md runs: an app written against 0.1.0's documented surface (test/fixtures/
// upgrade-0.1/app.mjs, plain JavaScript) is installed next to this run's build of the package, as a
// user installs it, and fails exactly at the breaks the guide lists, with the errors it names; with
// the guide's fixes applied (app-fixed.mjs) every scenario passes.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

describe('upgrading a 0.1.0 app (docs/upgrading.md)', () => {
  it('fails exactly at each break the guide shows in JavaScript, with the errors it names', () => {
    expect(run('app.mjs')).toEqual({
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
    });
  });

  it('passes every scenario with the guide’s fixes applied', () => {
    const results = run('app-fixed.mjs');
    expect(Object.keys(results)).toHaveLength(14);
    expect(Object.entries(results).filter(([, r]) => r !== 'ok')).toEqual([]);
  });
});
