// Send one message to every number in a CSV file (header `phone`, other columns ignored) with
// createAll (gateway-sdk/campaigns): the file is streamed, never held whole. The base key hashes
// the file and the message, so running the script again after a crash replays the jobs sent and
// sends the rest.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Client } from 'gateway-sdk';
import { createAll } from 'gateway-sdk/campaigns';

async function* phoneColumn(csv: string): AsyncGenerator<string> {
  const seen = new Set<string>(); // ~60 bytes a number: fine into the millions
  let column: number | undefined;
  for await (const line of createInterface({ input: createReadStream(csv), crlfDelay: Infinity })) {
    const cells = line.split(',').map((cell) => cell.replace(/[\s-]/g, '')); // "+44 7700 900104"
    if (column === undefined) {
      column = cells.map((c) => c.toLowerCase()).indexOf('phone');
      if (column < 0) throw new Error(`${csv} has no "phone" column`);
    } else if (line.trim() !== '' && !seen.has(cells[column] ?? '')) {
      seen.add(cells[column] ?? '');
      yield cells[column] ?? ''; // an invalid number is reported in result.invalid, not sent
    }
  }
}

export async function bulkFromCsv(client: Client, csv: string, message: string) {
  const hash = createHash('sha256').update(message);
  for await (const chunk of createReadStream(csv)) hash.update(chunk as Buffer);
  const idempotencyKey = `csv-${hash.digest('hex').slice(0, 32)}`;
  const result = await createAll(
    client,
    { recipients: phoneColumn(csv), message },
    { idempotencyKey, onProgress: (p) => console.log(`${p.sent} of ${p.read} sent`) },
  );
  for (const bad of result.invalid) console.log(`skipped ${String(bad.value)}: ${bad.message}`);
  for (const f of result.failed) console.log(`chunk ${f.chunk} failed (${f.error.name}): run again`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const csv = process.argv[2] ?? new URL('data/recipients.csv', import.meta.url).pathname;
  await bulkFromCsv(new Client(), csv, 'Our sale ends tonight');
}
