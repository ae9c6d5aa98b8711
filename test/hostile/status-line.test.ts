// A server that writes the Authorization header into its status line
// (`res.statusMessage`). The status text reaches the message only when the body says nothing,
// so every case here answers with an empty or non-JSON body.
import { describe, expect, it } from 'vitest';
import { APIError } from 'gateway-sdk';
import { findLeaks } from '../helpers/secrets.js';
import { echoClient, useEchoServer } from '../helpers/echo.js';
import { rejection } from '../helpers/rejection.js';

const KEY = 'sk_live_STATUSLINE_9f3c2a';
const env = useEchoServer();

describe('a status line that echoes the Authorization header', () => {
  for (const status of [401, 503]) {
    for (const area of ['sms', 'payment', 'account'] as const) {
      it(`${status} on client.${area}: not in message, stack, toJSON() or util.inspect`, async () => {
        env.setEcho((res, credential) => {
          res.statusCode = status;
          res.statusMessage = `Bad Bearer ${credential}`;
          res.end();
        });
        const { client, lines } = echoClient(env.server.url, KEY);
        const call =
          area === 'sms'
            ? client.sms.messages.retrieve('msg_1')
            : area === 'payment'
              ? client.payment.customers.retrieve('cus_1')
              : client.account.organizations.members.list('org_1');
        const error = await rejection(call);
        expect(error).toBeInstanceOf(APIError);
        expect((error as APIError).status).toBe(status);
        // The status text is still shown, with the credential masked.
        expect((error as APIError).message).toContain('Bad Bearer ***');
        expect(findLeaks(KEY, [error], lines)).toEqual([]);
      });
    }
  }

  it('after retries too (the info retry lines and the final error)', async () => {
    env.setEcho((res, credential) => {
      res.statusCode = 503;
      res.statusMessage = `Unavailable for ${credential}`;
      res.end();
    });
    const { client, lines } = echoClient(env.server.url, KEY, { maxRetries: 2 });
    const error = await rejection(client.sms.messages.retrieve('msg_1'));
    expect(lines.some((l) => l.includes('Retrying'))).toBe(true);
    expect(findLeaks(KEY, [error], lines)).toEqual([]);
  });
});
