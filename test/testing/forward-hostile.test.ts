// forwardTo keeps the receiver's host whatever the webhook URL's path says: a path that starts
// with `//host` must not carry the signed event (message text included) to that host.
import { describe, expect, it } from 'vitest';
import { forwardTo } from 'gateway-sdk/testing';

function capture() {
  const sent: Request[] = [];
  const send = async (request: Request) => {
    sent.push(request);
    return new Response(null, { status: 204 });
  };
  return { sent, send };
}

describe('forwardTo: deliveries go only to its own host', () => {
  for (const path of [
    '//evil.test/steal',
    '//evil.test',
    '///evil.test/x',
    '/\\evil.test/x',
    '//user@evil.test:81/x',
  ]) {
    it(`keeps 127.0.0.1:3000 for a webhook URL whose path is ${JSON.stringify(path)}`, async () => {
      const { sent, send } = capture();
      const deliver = forwardTo('http://127.0.0.1:3000', send);
      await deliver(
        new Request(`https://hooks.example.com${path}?q=1`, { method: 'POST', body: '{"id":"evt_1"}' }),
      );
      expect(sent).toHaveLength(1);
      const to = new URL((sent[0] as Request).url);
      expect(to.origin).toBe('http://127.0.0.1:3000');
      expect(to.search).toBe('?q=1');
      expect(await (sent[0] as Request).text()).toBe('{"id":"evt_1"}');
    });
  }

  it('keeps the path and query of an ordinary URL', async () => {
    const { sent, send } = capture();
    await forwardTo(
      'http://127.0.0.1:3000/ignored',
      send,
    )(new Request('https://hooks.example.com/sms/hook?a=b', { method: 'POST', body: 'x' }));
    expect((sent[0] as Request).url).toBe('http://127.0.0.1:3000/sms/hook?a=b');
  });
});
