// Every option of the CLI is checked before anything runs, with a one-line error that names the
// option and quotes the value escaped: --timeout, --allow-origin, --port, --url, --forward-to,
// --data, --write-env (and its older name --env-file), --force, and node's own parse errors.
import { describe, expect, it } from 'vitest';
import {
  dataOf,
  envTargetOf,
  httpUrlOf,
  originOf,
  parse,
  portOf,
  timeoutOf,
  UsageError,
} from '../../src/cli/options.js';

/** The UsageError `run` throws: one line, no usage after it. */
function refusal(run: () => unknown): UsageError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    const usage = error as UsageError;
    expect(usage.usage).toBeNull();
    expect(usage.message).not.toMatch(/[\n\r\u2028\u2029]/);
    return usage;
  }
  throw new Error('expected a UsageError');
}

describe('--timeout', () => {
  it.each([
    ['10', 10_000],
    ['2.5', 2_500],
    ['1.0001', 1_001],
    ['0.0001', 1],
    ['.5', 500],
    ['86400', 86_400_000],
  ])('takes %s (%d ms, whole milliseconds)', (value, ms) => {
    expect(timeoutOf(value, 10)).toBe(ms);
    expect(Number.isInteger(timeoutOf(value, 10))).toBe(true);
  });

  it.each(['0', '-1', 'soon', '', '1e3', '0x10', 'Infinity', 'NaN', '86400.5', '1,5', ' 1', '1 s'])(
    'refuses %j in one line',
    (value) => {
      expect(refusal(() => timeoutOf(value, 10)).message).toMatch(/^--timeout must be a number of seconds/);
    },
  );
});

describe('--allow-origin', () => {
  it.each([
    '*',
    'https://app.example.test',
    'http://localhost:5173',
    'http://127.0.0.1:8080',
    'https://[::1]:3000',
  ])('takes %s', (value) => {
    expect(originOf(value)).toBe(value);
  });

  it.each([
    'null',
    '',
    'app.example.test',
    'https://app.example.test/',
    'https://app.example.test/path',
    'https://APP.example.test',
    'https://app.example.test:443',
    'https://user@app.example.test',
    'ftp://app.example.test',
    'file:///etc/passwd',
    'https://app.example.test\u202e',
    '**',
  ])('refuses %j in one line, escaped', (value) => {
    const { message } = refusal(() => originOf(value));
    expect(message).toMatch(/^--allow-origin must be \* or an origin/);
    expect(message).not.toMatch(/[\u202e]/);
  });

  it.each([
    'https://*.example.test',
    'https://app.example.*',
    'http://*:3000',
    'https://{app,admin}.example.test',
  ])('refuses the pattern %j, which matches no page, saying only * alone is a pattern', (value) => {
    const { message } = refusal(() => originOf(value));
    expect(message).toMatch(/^--allow-origin must be \* or an origin/);
    expect(message).toContain(
      'patterns are not supported, only * alone: repeat --allow-origin for each origin',
    );
    expect(message).not.toContain('did you mean');
  });

  it('suggests the origin a browser would send', () => {
    expect(refusal(() => originOf('https://app.example.test/')).message).toContain(
      'did you mean https://app.example.test?',
    );
  });
});

describe('the other options', () => {
  it.each(['', ' 80', '80.0', '1e3', '0x50', '65536', '-1', '99999'])('refuses --port %j', (value) => {
    expect(refusal(() => portOf(value)).message).toMatch(/^--port must be a port number/);
  });

  it('takes --port 0 to 65535', () => {
    expect([portOf(undefined), portOf('0'), portOf('8080'), portOf('65535')]).toEqual([0, 0, 8080, 65535]);
  });

  it.each([
    ['127.0.0.1:3000/x', 'absolute http(s) URL'],
    ['ftp://127.0.0.1/x', 'http:// or https://'],
    ['http://u:p@127.0.0.1/x', 'user name or password'],
  ])('refuses --url %s', (value, words) => {
    expect(refusal(() => httpUrlOf('trigger', '--url', value)).message).toContain(words);
  });

  it.each(['nope', '[]', '1', 'null'])('refuses --data %s', (value) => {
    expect(refusal(() => dataOf(value)).message).toMatch(/^--data must be/);
  });

  it('refuses an empty --env-file', () => {
    expect(refusal(() => envTargetOf(undefined, '', false)).message).toMatch(/^--env-file must name a file/);
  });

  it('takes --write-env, or --env-file as its older name, and refuses both at once', () => {
    expect(envTargetOf('.gateway.env', undefined, false)).toEqual({
      path: '.gateway.env',
      option: '--write-env',
      force: false,
    });
    expect(envTargetOf(undefined, '.gateway.env', true)).toEqual({
      path: '.gateway.env',
      option: '--env-file',
      force: true,
    });
    expect(envTargetOf(undefined, undefined, false)).toBeUndefined();
    expect(refusal(() => envTargetOf('a', 'b', false)).message).toMatch(/^--env-file is the older name/);
    expect(refusal(() => envTargetOf('', undefined, false)).message).toMatch(/^--write-env must name a file/);
  });

  it('refuses --force without a file for it to replace', () => {
    expect(refusal(() => envTargetOf(undefined, undefined, true)).message).toMatch(
      /^--force replaces the file --write-env names/,
    );
  });

  it("gives node's own parse errors in one line", () => {
    const options = { url: { type: 'string' }, timeout: { type: 'string' } } as const;
    const { message } = refusal(() => parse('trigger', ['--url', '--timeout'], options));
    expect(message).toContain('--url');
    expect(message).toContain('gateway-sdk trigger --help');
  });
});
