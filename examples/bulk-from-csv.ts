// Send one message to every number in a CSV file (header `phone`, other columns ignored), in
// jobs of at most 10,000. Each job's Idempotency-Key derives from the file and the chunk, so
// running the script again after a crash never sends a chunk twice.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Client, type BulkJob } from 'gateway-sdk';

const MAX_RECIPIENTS = 10_000;

export async function bulkFromCsv(client: Client, csvPath: string, message: string): Promise<BulkJob[]> {
  const text = await readFile(csvPath, 'utf8');
  const [header = '', ...rows] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const column = header
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .indexOf('phone');
  if (column < 0) throw new Error(`${csvPath} has no "phone" column`);
  const recipients = [...new Set(rows.map((row) => (row.split(',')[column] ?? '').replace(/[\s-]/g, '')))];
  const fileId = createHash('sha256').update(text).update(message).digest('hex').slice(0, 16);

  const jobs: BulkJob[] = [];
  for (let start = 0; start < recipients.length; start += MAX_RECIPIENTS) {
    const chunk = recipients.slice(start, start + MAX_RECIPIENTS);
    const job = await client.sms.bulk.create(
      { recipients: chunk, message },
      { idempotencyKey: `csv-${fileId}-${start}` },
    );
    console.log(`job ${job.id}: ${job.total} recipients, ${job.status}`);
    jobs.push(job);
  }
  return jobs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bulkFromCsv(
    new Client(),
    process.argv[2] ?? new URL('data/recipients.csv', import.meta.url).pathname,
    'Our sale ends tonight',
  );
}
