// A body that echoes the credential through a JSON encoder's escapes, which
// a scrub of the raw text cannot see: PHP's `\/`, .NET's `\u002B`, Go's `\u0026`, every character
// as `\uXXXX`, and JSON.stringify's `\"` and `\\` for keys that hold a quote or a backslash.
import { describe, expect, it } from 'vitest';
import { APIError, ResponseValidationError } from 'gateway-sdk';
import { findLeaks } from '../helpers/secrets.js';
import { answer, echoClient, useEchoServer } from '../helpers/echo.js';
import { rejection } from '../helpers/rejection.js';

// Base64-style keys (`+`, `/`, `&`) and keys with a quote or a backslash, as the credential
// check (printable ASCII, no spaces) allows.
const KEYS = ['sk_live_b64+AbC/dEf+gh/IJ==', 'sk_live_go&amp+x/y', 'sk_live_q"uote\\back/slash+1'];
const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
const ENCODERS: Record<string, (key: string) => string> = {
  'plain JSON.stringify': (k) => JSON.stringify(k).slice(1, -1),
  'PHP (\\/)': (k) => JSON.stringify(k).slice(1, -1).replaceAll('/', '\\/'),
  '.NET (\\u002B)': (k) =>
    JSON.stringify(k)
      .slice(1, -1)
      .replace(/[+&<>']/g, u),
  'Go (\\u0026, upper-case hex)': (k) =>
    JSON.stringify(k)
      .slice(1, -1)
      .replace(/[+&<>]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`),
  'every character as \\uXXXX': (k) => [...k].map(u).join(''),
};

const env = useEchoServer();

describe('an error body that echoes the credential in JSON escapes', () => {
  for (const key of KEYS) {
    for (const [encoder, encode] of Object.entries(ENCODERS)) {
      it(`${encoder}: ${key}`, async () => {
        env.setEcho((res, credential) =>
          answer(
            res,
            400,
            `{"error":{"code":"bad_key","message":"Bad key ${encode(credential)}","${encode(credential)}":["${encode(credential)}"]}}`,
          ),
        );
        const { client, lines } = echoClient(env.server.url, key);
        const error = await rejection(client.sms.messages.retrieve('msg_1'));
        expect(error).toBeInstanceOf(APIError);
        // Still the service's body, parsed, with the key masked.
        expect((error as APIError).body).toMatchObject({
          error: { code: 'bad_key', message: 'Bad key ***' },
        });
        expect(findLeaks(key, [error], lines)).toEqual([]);
      });
    }
  }

  it('a 2xx body of the wrong shape (ResponseValidationError keeps the raw text)', async () => {
    const key = KEYS[2] as string;
    env.setEcho((res, credential) =>
      answer(res, 200, `{"id":1,"echo":"${ENCODERS['every character as \\uXXXX']?.(credential)}"}`, {
        'x-request-id': `req_${credential}`,
      }),
    );
    // Strict: the default ('warn') resolves a drifted answer as sent.
    const { client, lines } = echoClient(env.server.url, key, { responseValidation: 'strict' });
    const error = await rejection(client.sms.messages.retrieve('msg_1'));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(JSON.parse((error as ResponseValidationError).body)).toEqual({ id: 1, echo: '***' });
    expect(findLeaks(key, [error], lines)).toEqual([]);
  });

  it('keeps a body with no secret in it byte for byte', async () => {
    const text = '{ "id" : 1,\n "note": "caf\\u00e9" }';
    env.setEcho((res) => answer(res, 200, text));
    const { client } = echoClient(env.server.url, KEYS[0] as string, { responseValidation: 'strict' });
    const error = await rejection(client.sms.messages.retrieve('msg_1'));
    expect((error as ResponseValidationError).body).toBe(text);
  });
});
