// Every scan over text a server sends is linear and bounded (each one is
// fed 1 MiB of its worst case here and must give the right answer; bench/hostile.ts times them),
// and the service's words reach error messages and log lines cleaned (no control character, no
// terminal sequence, no forged line) and cut, while `error.body` keeps them whole.
/* eslint-disable no-control-regex -- these tests look for control characters */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, Client, ConflictError } from 'gateway-sdk';
import { isIdempotencyKeyReuse } from '../../src/core/error-body.js';
import { maskText } from '../../src/internal/safe-logger.js';
import { scrub, scrubBody } from '../../src/internal/scrub.js';
import { parseRetryAfter } from '../../src/internal/retry.js';
import { cleanText, escapeControls, TEXT_MAX } from '../../src/core/text.js';
import { type Loopback, listen, readText } from '../helpers/loopback.js';
import { memoryLogger } from '../helpers/wire.js';

const MiB = 1024 * 1024;
const KEY = 'sk_live_UNTRUSTED_text_77aa01';

describe('one control-character set for all printed text', () => {
  it('line and paragraph separators, LRM/RLM and the Arabic letter mark are cleaned and escaped', () => {
    for (const c of [
      '\u2028',
      '\u2029',
      '\u061c',
      '\u200e',
      '\u200f',
      '\u202e',
      '\u2066',
      '\u009b',
      '\u001b',
    ]) {
      expect(cleanText(`a${c}b`)).toBe('a\ufffdb');
      expect(escapeControls(`a${c}b`)).toMatch(/^a\\(x|u)[0-9a-f]+b$/);
    }
    expect(escapeControls('tab\tand\nnewline stay')).toBe('tab\tand\nnewline stay');
    expect(escapeControls('\u2028')).toBe('\\u2028');
  });
});

describe('linear on 1 MiB of each worst case', () => {
  it('isIdempotencyKeyReuse: "reused" a million times, in the message or the code', () => {
    // The code is compared, never scanned; the message is not read at all.
    const reused = 'reused '.repeat(MiB / 7);
    expect(isIdempotencyKeyReuse({ error: { code: 'conflict', message: reused } })).toBe(false);
    expect(isIdempotencyKeyReuse({ error: { code: reused, message: 'x' } })).toBe(false);
    expect(isIdempotencyKeyReuse({ error: { code: `idempotency_key_reused ${reused}` } })).toBe(false);
    expect(
      isIdempotencyKeyReuse({ error: { message: `Key already used with a different body. ${reused}` } }),
    ).toBe(false);
    expect(isIdempotencyKeyReuse({ error: { code: 'idempotency_key_reused', message: reused } })).toBe(true);
  });

  it('maskText: a megabyte of unclosed “ and of unclosed "', () => {
    // A log line quotes at most 2,000 characters of it, unchanged but for the cut.
    expect(maskText('“'.repeat(MiB))).toBe(`${'“'.repeat(2000)}…`);
    expect(maskText(`"${'a'.repeat(MiB)}`)).toBe(`"${'a'.repeat(1999)}…`);
    expect(maskText(`said “${'“'.repeat(1000)}code 482913”`)).toBe(
      `said ${'“'.repeat(1000)}"[11 characters]"`,
    );
    expect(maskText('carrier rejected "Your code is 482913" for 447700900123')).toBe(
      'carrier rejected "[19 characters]" for 44********23',
    );
  });

  it('cleanText: a megabyte of escape sequences and newlines', () => {
    const out = cleanText('\u001b]8;;http://x\u0007\n'.repeat(MiB / 16));
    expect(out.length).toBe(TEXT_MAX + 1);
    expect(out).not.toMatch(/[\0-\x1f\x7f-\x9f]/);
  });

  it('scrub and scrubBody as text: a megabyte of near-misses of the credential, and JSON of it', () => {
    const near = KEY.slice(0, -1);
    const text = `${near} `.repeat(MiB / KEY.length) + KEY;
    expect(scrub(text, [KEY]).endsWith('***')).toBe(true);
    expect(scrub(text, [KEY])).not.toContain(KEY);
    const json = JSON.stringify({ error: { message: text } });
    expect(scrubBody(json, [KEY], true).body).not.toContain(KEY);
  });

  it('parseRetryAfter: a megabyte of digits, of digits and a dot, of letters', () => {
    expect(parseRetryAfter(`${'1'.repeat(MiB)}x`, 0)).toBeUndefined();
    expect(parseRetryAfter(`1.${'1'.repeat(MiB)}.`, 0)).toBeUndefined();
    expect(parseRetryAfter('a'.repeat(MiB), 0)).toBeUndefined();
  });
});

describe('clean text from a hostile service (loopback)', () => {
  let server: Loopback;
  let requests = 0;
  const FORGED =
    'Bad input\n[gateway-sdk] Payment accepted\u001b[2K\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\u009b31m\u202e';
  beforeAll(async () => {
    server = await listen(async (req, res) => {
      await readText(req);
      requests++;
      res.writeHead(req.url?.includes('conflict') ? 409 : req.url?.includes('busy') ? 503 : 400, {
        'content-type': 'application/json',
      });
      res.end(JSON.stringify({ error: { code: 'bad\nline', message: `${FORGED} ${'x'.repeat(5000)}` } }));
    });
  });
  afterAll(() => server.close());

  it('error.message has no control character and is cut; error.body keeps it all', async () => {
    const client = new Client({ apiKey: KEY, baseURL: server.url, logLevel: 'off' });
    const error = (await client.sms.messages.retrieve('m1').catch((e: unknown) => e)) as BadRequestError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).not.toMatch(/[\0-\x1f\x7f-\x9f\u202a-\u202e]/);
    expect(error.message).toContain('Bad input [gateway-sdk] Payment accepted');
    expect(error.message.length).toBeLessThan(TEXT_MAX + 300);
    expect((error.body as { error: { message: string } }).error.message).toBe(
      `${FORGED} ${'x'.repeat(5000)}`,
    );
  });

  it('log lines: one line each, whatever the service wrote', async () => {
    const { lines, logger } = memoryLogger();
    const client = new Client({ apiKey: KEY, baseURL: server.url, logger, logLevel: 'debug', maxRetries: 1 });
    const error = await client.sms.messages.retrieve('busy').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/[\0-\x1f\x7f-\x9f]/);
    expect(lines.join('\n')).toContain('Retrying');
  });

  it('a 409 with a megabyte of "reused" is read once, quickly refused as a conflict', async () => {
    requests = 0;
    const client = new Client({ apiKey: KEY, baseURL: server.url, logLevel: 'off', maxRetries: 0 });
    const error = await client.sms.messages.retrieve('conflict').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(requests).toBe(1);
  });
});
