// Send a message, then poll until it is delivered or failed. In production, prefer a webhook
// (examples/webhooks-*.ts) to polling; this shows the status and timeline fields.
import { Client, type Message } from 'gateway-sdk';

const FINAL = new Set(['delivered', 'failed', 'expired']);

export async function sendAndTrack(
  client: Client,
  to: string,
  text: string,
  { intervalMs = 2000, maxPolls = 30 } = {},
): Promise<Message> {
  let message = await client.sms.messages.create({ to, message: text, route: 'transactional' });
  console.log(`${message.id}: ${message.status}`);
  for (let poll = 1; !FINAL.has(message.status); poll++) {
    if (poll > maxPolls) throw new Error(`${message.id} is still ${message.status} after ${maxPolls} polls`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    message = await client.sms.messages.retrieve(message.id);
    console.log(`${message.id}: ${message.status}${message.error_code ? ` (${message.error_code})` : ''}`);
  }
  return message;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const final = await sendAndTrack(
    new Client(),
    process.argv[2] ?? '+447700900123',
    'Your order has shipped',
  );
  console.log(
    final.status === 'delivered'
      ? `delivered at ${final.delivered_at}`
      : `not delivered: ${final.error_code}`,
  );
}
