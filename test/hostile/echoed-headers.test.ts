// Headers that echo the credential. `x-request-id` becomes `requestId`
// (which `toJSON()` keeps); `WWW-Authenticate`, `Set-Cookie` and `Location` sit in `headers`,
// which `util.inspect(err)` (what console.log shows) prints. `headers` stays a usable Headers.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { APIError } from 'gateway-sdk';
import { findLeaks } from '../helpers/secrets.js';
import { answer, echoClient, useEchoServer } from '../helpers/echo.js';
import { rejection } from '../helpers/rejection.js';

// `+` and `/` so a Location can carry it percent-encoded as well as raw.
const KEY = 'sk_live_HEADERS+7d1e/0b';
const env = useEchoServer();

describe('response headers that echo the credential', () => {
  for (const requestId of ['exact', 'inside'] as const) {
    it(`x-request-id ${requestId === 'exact' ? 'equal to' : 'containing'} the credential is not requestId verbatim`, async () => {
      env.setEcho((res, credential) =>
        answer(res, 500, '{"error":{"code":"oops"}}', {
          'x-request-id': requestId === 'exact' ? credential : `req_1:${credential}`,
        }),
      );
      const { client, lines } = echoClient(env.server.url, KEY);
      const error = (await rejection(client.sms.messages.retrieve('msg_1'))) as APIError;
      expect(error.requestId).toBe(requestId === 'exact' ? '***' : 'req_1:***');
      expect(findLeaks(KEY, [error], lines)).toEqual([]);
    });
  }

  for (const status of [401, 302, 429]) {
    it(`${status} with WWW-Authenticate, Set-Cookie and Location carrying the token`, async () => {
      env.setEcho((res, credential) =>
        answer(res, status, '', {
          'www-authenticate': `Bearer realm="api", error="invalid_token", token="${credential}"`,
          'set-cookie': [`session=${credential}; HttpOnly`, 'theme=dark'],
          location: `https://elsewhere.test/login?token=${encodeURIComponent(credential)}&raw=${credential}`,
          'retry-after': '0',
        }),
      );
      const { client, lines } = echoClient(env.server.url, KEY);
      const error = (await rejection(client.sms.messages.retrieve('msg_1'))) as APIError;
      expect(error).toBeInstanceOf(APIError);
      expect(inspect(error)).not.toContain(KEY);
      expect(findLeaks(KEY, [error], lines)).toEqual([]);
      // Still usable by code: every header is there, scrubbed.
      expect(error.headers).toBeInstanceOf(Headers);
      expect(error.headers.get('www-authenticate')).toBe(
        'Bearer realm="api", error="invalid_token", token="***"',
      );
      expect(error.headers.getSetCookie()).toEqual(['session=***; HttpOnly', 'theme=dark']);
      expect(error.headers.get('location')).toBe('https://elsewhere.test/login?token=***&raw=***');
    });
  }
});
