// A user's project, compiled by scripts/package/published-types.mjs against the packed package (not src/)
// under the strictest settings, every moduleResolution and both TypeScript versions. Each
// `@ts-expect-error` is a mistake the types must catch; every other line must compile.
import {
  Client,
  LIMITS,
  type ClientOptions,
  type Message,
  type MessageStatus,
  type RequestOptions,
  type SmsWebhookEventName,
} from 'gateway-sdk';
import { Webhooks, type WebhookEvent } from 'gateway-sdk/webhooks';
import { createMockService, type MockServiceOptions } from 'gateway-sdk/testing';

declare const client: Client;
declare const m: Message;
declare const maybeKey: string | undefined;
declare const maybeNow: (() => Date) | undefined;
declare const maybeTimeout: number | undefined;
declare const eventName: SmsWebhookEventName;
declare const inAnHour: Date;

export async function mistakes(): Promise<void> {
  // @ts-expect-error: the field is schedule_at; a misspelt property must not compile.
  await client.sms.messages.create({ to: '447700900123', message: 'hi', scheduleAt: inAnHour });
  // @ts-expect-error: the field is delivered_at; responses are closed interfaces.
  void m.deliveredAt;
  const job = await client.sms.bulk.create({ recipients: ['447700900123'], message: 'hi' });
  // @ts-expect-error: the field is delivered.
  void job.deliverd;
  // @ts-expect-error: a misspelt status is not a MessageStatus.
  client.sms.messages.list({ status: 'deliverd' });
  // @ts-expect-error: otp is not offered for bulk, and a Route may be otp.
  await client.sms.bulk.create({ recipients: ['447700900123'], message: 'hi', route: m.route });
}

export async function roundTrips(): Promise<void> {
  for await (const same of client.sms.messages.list({ status: m.status, route: m.route })) void same.id;
  const status: MessageStatus = m.status;
  void status;
  const hook = await client.sms.webhooks.create({ url: 'https://example.com/h', events: [eventName] });
  if (hook !== undefined)
    await client.sms.webhooks.create({ url: hook.url, events: hook.events, enabled: hook.enabled });
  if (m.route !== 'otp')
    await client.sms.bulk.create({ recipients: ['447700900123'], message: 'hi', route: m.route });
  if ('carrier' in m) void m.carrier;
  const max: 1000 = LIMITS.message.max;
  void max;
}

export async function exactOptionalPropertyTypes(): Promise<void> {
  // Values that may be undefined go into every optional field (exactOptionalPropertyTypes).
  const options: RequestOptions = { idempotencyKey: maybeKey, timeout: maybeTimeout };
  await client.sms.messages.create({ to: '447700900123', message: 'hi', from: undefined }, options);
  const clientOptions: ClientOptions = { baseURL: undefined, timeout: maybeTimeout };
  void new Client(clientOptions);
  const mockOptions: MockServiceOptions = { now: maybeNow };
  void createMockService(mockOptions);
}

export async function webhooks(raw: string, signature: string | null): Promise<void> {
  const event: WebhookEvent = await Webhooks.constructEvent(raw, signature, 'whsec_x');
  if (event.type === 'message.delivered') {
    const delivered: Message = event.data.object;
    await client.sms.messages.list({ status: delivered.status });
  }
}
