// mock.fetch: the mock's core, with no MSW and no socket in this file.
import { describe, expect, it } from 'vitest';
import { Client } from 'gateway-sdk';
import { createMockService } from 'gateway-sdk/testing';

const smsHeaders = { authorization: 'Bearer sk_live_mock', 'service-version': '2026-01-01' };

describe('mock.fetch', () => {
  it('serves the SDK client with no MSW and no socket', async () => {
    const mock = createMockService();
    const client = new Client({ ...mock.clientOptions, fetch: mock.fetch, maxRetries: 0 });
    const sent = await client.sms.messages.create({ to: '+447700900123', message: 'Hello' });
    expect(await client.sms.messages.retrieve(sent.id)).toMatchObject({ id: sent.id, status: 'queued' });
    expect((await client.payment.customers.retrieve('cus_123')).id).toBe('cus_123');
    expect(await client.account.organizations.members.list('org_123')).toHaveLength(3);
    expect(mock.store.messages.get(sent.id)?.to).toBe('447700900123');
  });

  it('takes a Request, a string or a URL with init, like fetch', async () => {
    const mock = createMockService();
    const url = `${mock.clientOptions.baseURL}/sms/webhooks/wh_123`;
    const answers = await Promise.all([
      mock.fetch(new Request(url, { headers: smsHeaders })),
      mock.fetch(url, { headers: smsHeaders }),
      mock.fetch(new URL(url), { headers: smsHeaders }),
      // init wins over the Request's own, as with fetch
      mock.fetch(new Request(url), { headers: smsHeaders }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { id: string }).id).toBe('wh_123');
    }
  });

  it('answers 404 route_not_found for another address or an unknown path', async () => {
    const mock = createMockService();
    const other = await mock.fetch('https://elsewhere.test/sms/messages', { headers: smsHeaders });
    const unknown = await mock.fetch(`${mock.clientOptions.baseURL}/sms/nope`, { headers: smsHeaders });
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'route_not_found', param: null } });
  });

  it('serves a base URL with a path prefix', async () => {
    const mock = createMockService({ baseURL: 'https://api.gateway.test/v1/' });
    const answer = await mock.fetch('https://api.gateway.test/v1/sms/webhooks/wh_123', {
      headers: smsHeaders,
    });
    expect(answer.status).toBe(200);
    expect(
      (await mock.fetch('https://api.gateway.test/sms/webhooks/wh_123', { headers: smsHeaders })).status,
    ).toBe(404);
  });

  it('rejects with the signal reason when aborted, before or during an injected delay', async () => {
    const mock = createMockService();
    const url = `${mock.clientOptions.baseURL}/sms/webhooks/wh_123`;
    await expect(mock.fetch(url, { headers: smsHeaders, signal: AbortSignal.abort() })).rejects.toMatchObject(
      {
        name: 'AbortError',
      },
    );
    mock.inject('GET /sms/webhooks/{webhook_id}', { kind: 'delay', ms: 60_000 });
    const controller = new AbortController();
    const pending = mock.fetch(url, { headers: smsHeaders, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect((await mock.fetch(url, { headers: smsHeaders })).status).toBe(200);
  });
});
