// A key holding characters an encoder changes (`/`, `+`, `=`) comes back in many spellings: percent-
// encoded in mixed case, by Python's quote() (which leaves `/` as is), as HTML entities, as hex
// escapes, or any mixture of them. None of them reaches an error's message, body or a log line.
import { describe, expect, it } from 'vitest';
import { type APIError, Client, type Logger } from 'gateway-sdk';

const SMS = 'https://sms.gateway.test';
const KEY = 'sk_live_ab/cd+ef=gh/ij+kl';

/** The ways a service or a proxy in front of it may echo KEY. */
const SPELLINGS: [string, string][] = [
  ['percent-encoded in mixed case', 'sk_live_ab%2fcd%2Bef%3dgh%2Fij%2bkl'],
  ["Python's quote()", 'sk_live_ab/cd%2Bef%3Dgh/ij%2Bkl'],
  ['decimal HTML entities', 'sk_live_ab&#47;cd&#43;ef&#61;gh&#47;ij&#43;kl'],
  ['hex and named HTML entities', 'sk_live_ab&#x2F;cd&plus;ef&equals;gh&#x2f;ij&#X2B;kl'],
  ['hex escapes', 'sk_live_ab\\x2fcd\\x2Bef\\x3dgh\\x2Fij\\x2bkl'],
  ['a mixture of all of them', 'sk_live_ab%2Fcd&#43;ef\\x3dgh/ij%2bkl'],
  ['its bytes in lower-case hex', Buffer.from(KEY).toString('hex')],
  ['its bytes in upper-case hex', Buffer.from(KEY).toString('hex').toUpperCase()],
];

async function failure(promise: PromiseLike<unknown>): Promise<APIError> {
  try {
    await promise;
  } catch (error) {
    return error as APIError;
  }
  throw new Error('expected a rejection');
}

describe('a key echoed in another spelling', () => {
  it.each(SPELLINGS)('%s is scrubbed from the message and body of the error', async (_, spelt) => {
    const body = JSON.stringify({ error: { code: 'bad_key', message: `key ${spelt} is not allowed here` } });
    const fetch = (async () =>
      new Response(body, {
        status: 401,
        headers: { 'content-type': 'application/json' },
      })) as typeof globalThis.fetch;
    const lines: unknown[] = [];
    const log = (...args: unknown[]) => void lines.push(args);
    const logger: Logger = { error: log, warn: log, info: log, debug: log };
    const client = new Client({ apiKey: KEY, baseURL: SMS, fetch, maxRetries: 0, logger, logLevel: 'debug' });
    const error = await failure(client.sms.messages.retrieve('msg_1'));
    expect(error.message).toContain('401 bad_key: key *** is not allowed here.');
    const everything = JSON.stringify([error.message, error.body, error.stack, lines]);
    expect(everything).not.toContain(spelt);
    expect(everything).not.toContain(JSON.stringify(spelt).slice(1, -1));
  });
});
