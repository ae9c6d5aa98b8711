// The SDK's Client against the mock: every operation parses the mock's answers with the SDK's own
// schemas, and the mock's errors come back as the SDK's error classes.
import { getResponse, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { BadRequestError, Client, ConflictError, NotFoundError } from 'gateway-sdk';
import { createMockService } from 'gateway-sdk/testing';
import { mswHandlers } from 'gateway-sdk/testing/msw';
import { useMsw } from '../helpers/msw.js';

const mock = createMockService();
const { server } = useMsw(...mswHandlers(mock));
afterEach(() => {
  mock.store.reset();
});

const client = new Client({ ...mock.clientOptions, maxRetries: 0 });

describe('every operation of the SDK against the mock', () => {
  it('sms: create, retrieve, list, bulk, template, webhooks', async () => {
    const sent = await client.sms.messages.create({
      to: '+447700900123',
      message: 'Hello',
      reference_id: 'r1',
    });
    expect(sent).toMatchObject({ to: '447700900123', status: 'queued' });
    expect(await client.sms.messages.retrieve(sent.id)).toEqual(sent);
    const job = await client.sms.bulk.create({
      recipients: ['447700900456', '+447700900789'],
      message: 'Sale',
    });
    expect(job).toMatchObject({ status: 'processing', total: 2, queued: 2 });
    const templated = await client.sms.templates.send('tpl_welcome', {
      to: '447700900123',
      variables: { name: 'Ada', company: 'Acme' },
    });
    expect(templated.body).toBe('Hello Ada, welcome to Acme!');
    expect(await client.sms.messages.list().toArray({ max: 10 })).toHaveLength(4);
    const hook = await client.sms.webhooks.create({
      url: 'https://example.com/h',
      events: ['message.delivered'],
    });
    expect(await client.sms.webhooks.retrieve(hook?.id ?? '')).toEqual(hook);
  });

  it('payment: webhooks list, customer retrieve, attach', async () => {
    expect((await client.payment.webhooks.list()).data).toHaveLength(3);
    expect((await client.payment.customers.retrieve('cus_123')).email).toBe('jenny.rosen@example.com');
    const updated = await client.payment.customers.paymentMethods.attach('cus_123', {
      payment_method: 'pm_1',
      set_default: true,
    });
    expect(updated.default_payment_method).toBe('pm_1');
  });

  it('account: members list', async () => {
    const members = await client.account.organizations.members.list('org_123');
    expect(members.map((m) => m.firstName)).toEqual(['Ada', 'Grace', 'Alan']);
  });

  it('walks 250 seeded messages with a filter across pages', async () => {
    mock.store.seedMessages(250, (i) => ({ status: i % 2 ? 'delivered' : 'failed' }));
    const failed = [];
    for await (const m of client.sms.messages.list({ status: 'failed', limit: 30 })) failed.push(m);
    expect(failed).toHaveLength(125);
    expect(failed.every((m) => m.status === 'failed')).toBe(true);
  });
});

describe("the mock's errors as the SDK's errors", () => {
  it('404 → NotFoundError with code and request id', async () => {
    const error = await client.sms.templates
      .send('tpl_nope', { to: '447700900123', variables: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      code: 'template_not_found',
      requestId: expect.stringMatching(/^req_\d+$/),
    });
  });

  it('400 → BadRequestError naming the missing variable', async () => {
    const error = await client.sms.templates
      .send('tpl_welcome', { to: '447700900123', variables: { name: 'Ada' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 'template_variable_missing' });
    expect((error as Error).message).toContain('variables.company');
  });

  it('409 → ConflictError when an idempotencyKey is reused for another body', async () => {
    await client.sms.messages.create({ to: '447700900123', message: 'one' }, { idempotencyKey: 'k' });
    const error = await client.sms.messages
      .create({ to: '447700900123', message: 'two' }, { idempotencyKey: 'k' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code: 'idempotency_key_reused', idempotencyKey: 'k' });
  });
});

describe('a retried send never sends twice', () => {
  it('replays the first answer when the first response was lost', async () => {
    // The first attempt reaches the mock (which stores the message) but the answer is lost.
    server.use(
      http.post(
        `${mock.clientOptions.baseURL}/sms/messages`,
        async ({ request }) => {
          await getResponse(mswHandlers(mock), request.clone());
          return HttpResponse.json(
            { error: { message: 'gateway timeout' } },
            { status: 503, headers: { 'retry-after': '0' } },
          );
        },
        { once: true },
      ),
    );
    const retrying = new Client({ ...mock.clientOptions, maxRetries: 1 });
    const { data, response } = await retrying.sms.messages
      .create({ to: '447700900123', message: 'once' })
      .withResponse();
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(mock.store.messages.size).toBe(1);
    expect(mock.store.messages.get(data.id)?.body).toBe('once');
  });
});
