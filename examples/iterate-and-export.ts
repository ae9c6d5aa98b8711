// Stream every message that failed in the last 7 days to JSON Lines, one page in memory at a
// time however many there are, respecting the output's back-pressure.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Client } from 'gateway-sdk';

export async function exportFailed(
  client: Client,
  out: NodeJS.WritableStream,
  since = new Date(Date.now() - 7 * 86_400_000),
): Promise<number> {
  let count = 0;
  for await (const message of client.sms.messages.list({ status: 'failed', from_date: since, limit: 100 })) {
    if (!out.write(`${JSON.stringify(message)}\n`)) await once(out, 'drain');
    count++;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2] ? createWriteStream(process.argv[2]) : process.stdout;
  const count = await exportFailed(new Client(), out);
  console.error(`exported ${count} failed messages`);
  if (out !== process.stdout) out.end();
}
