// The info-level retry line quotes the service's error text, which may
// repeat what was sent: the phone number and the text of the message. Masked as records are.
import { describe, expect, it } from 'vitest';
import type { APIError } from 'gateway-sdk';
import { answer, echoClient, useEchoServer } from '../helpers/echo.js';
import { rejection } from '../helpers/rejection.js';

const env = useEchoServer();

const SAID = [
  'carrier rejected 447700900123: "Your login code is 482913"',
  'carrier rejected +447700900123: “Your login code is 482913”',
  'carrier rejected 447700900123, code 482913',
];

describe('the info retry line', () => {
  for (const said of SAID) {
    it(`masks ${said}`, async () => {
      env.setEcho((res) =>
        answer(res, 503, JSON.stringify({ error: { code: 'carrier_error', message: said } }), {
          'retry-after': '0',
        }),
      );
      const { client, lines } = echoClient(env.server.url, 'sk_live_RETRYLOG', {
        maxRetries: 1,
        logLevel: 'info',
      });
      const error = await rejection(
        client.sms.messages.create({ to: '447700900123', message: 'Your login code is 482913' }),
      );
      // The error itself keeps the service's words: it is the caller's to handle.
      expect((error as APIError).message).toContain(said);
      expect(lines).toHaveLength(1);
      const [line] = lines;
      expect(line).toMatch(
        /^\[gateway-sdk\] 503 carrier_error: carrier rejected \+?44\*+23.*Retrying after \d+ms \(retry 1 of 1\)\.$/,
      );
      for (const secret of ['447700900123', 'login code', '482913']) expect(line).not.toContain(secret);
    });
  }
});
