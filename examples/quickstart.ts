// The quickstart: every area of the API in one run. Reads its configuration from GATEWAY_* env
// vars; `npm run demo` points them at the mock service on loopback. Ids are the mock's seed data.
import { Client } from 'gateway-sdk';

export async function main(client = new Client()): Promise<void> {
  const sent = await client.sms.messages.create({
    to: '+447700900123',
    message: 'Your code is 424242',
    route: 'otp',
  });
  console.log(`sent ${sent.id} to ${sent.to}: ${sent.status}, ${sent.segments ?? '?'} segment(s)`);

  const welcome = await client.sms.templates.send('tpl_welcome', {
    to: '447700900456',
    variables: { name: 'Ada', company: 'Acme' },
  });
  console.log(`template ${welcome.id}: "${welcome.body}"`);

  const job = await client.sms.bulk.create({
    recipients: ['447700900001', '447700900002', '447700900003'],
    message: 'Sale ends tonight',
  });
  console.log(`bulk job ${job.id}: ${job.status}, ${job.queued} of ${job.total} queued`);

  const { data: again, requestId } = await client.sms.messages.retrieve(sent.id).withResponse();
  console.log(`retrieved ${again.id}: ${again.status} (request ${requestId ?? 'n/a'})`);

  let count = 0;
  for await (const message of client.sms.messages.list({ limit: 2 })) {
    if (count++ < 3) console.log(`  listed ${message.id} → ${message.to}: ${message.status}`);
  }
  console.log(`listed ${count} messages across pages of 2`);

  const hook = await client.sms.webhooks.create({
    url: 'https://example.com/hooks/sms',
    events: ['message.delivered', 'message.failed'],
  });
  // The reference does not show this answer: without one, the call still succeeded.
  if (hook !== undefined)
    console.log(
      `webhook ${hook.id} → ${hook.url} for ${hook.events.join(', ')} (keep its secret to verify deliveries)`,
    );

  const customer = await client.payment.customers.retrieve('cus_123');
  console.log(`customer ${customer.id}: ${customer.name ?? ''} <${customer.email ?? ''}>`);
  const updated = await client.payment.customers.paymentMethods.attach(customer.id, {
    payment_method: 'pm_card_visa',
    set_default: true,
  });
  console.log(`default payment method now ${updated.default_payment_method ?? 'none'}`);

  const members = await client.account.organizations.members.list('org_123');
  for (const m of members)
    console.log(
      `member ${m.firstName} ${m.lastName} <${m.email}>: ${(m.roles ?? []).map((r) => r.name).join(', ')}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
