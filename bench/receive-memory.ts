// What a 400 MB POST costs a webhook receiver: createWebhookHandler (default maxBodyBytes, 1 MiB)
// behind toNodeHandler on 127.0.0.1, fed by raw sockets that write one reused 64 KB buffer (so the
// load generator allocates nothing per request). Reported: the most body bytes one connection read
// from its socket (`socket.bytesRead`), and the growth of the process's RSS and ArrayBuffer memory
// at its peak, sampled every 5 ms, for one request of each framing and for 100 at once, during which
// genuine deliveries must still be answered 200.
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type RequestListener } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createWebhookHandler, toNodeHandler } from '../src/webhooks.js';

const SECRET = 'whsec_bench_memory_0123456789';
const MiB = 1_048_576;
const FRAME = 64 * 1024;
const payload = Buffer.alloc(FRAME, 0x20);
const chunkFrame = Buffer.concat([Buffer.from(`${FRAME.toString(16)}\r\n`), payload, Buffer.from('\r\n')]);

export interface MemoryRow {
  label: string;
  requests: number;
  /** Most bytes one connection read from its socket. */
  maxReadBytes: number;
  /** Peak growth over the baseline while the requests ran. */
  rssGrowthBytes: number;
  arrayBuffersGrowthBytes: number;
  /** Genuine deliveries answered 200 while the requests ran, of those sent. */
  genuineOk: string;
}

function flood(port: number, chunked: boolean): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const total = 400 * MiB;
    socket.on('data', (d) => void (answer += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.write(
      `POST /webhooks HTTP/1.1\r\nHost: 127.0.0.1\r\nx-service-signature: ${'0'.repeat(64)}\r\n` +
        (chunked ? 'transfer-encoding: chunked\r\n\r\n' : `content-length: ${total}\r\n\r\n`),
    );
    const pump = () => {
      while (sent < total && !socket.destroyed) {
        sent += FRAME;
        if (!socket.write(chunked ? chunkFrame : payload)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

let n = 0;
async function genuine(port: number): Promise<boolean> {
  const body = JSON.stringify({
    id: `evt_mem_${++n}`,
    type: 'message.delivered',
    created: Math.floor(Date.now() / 1000),
    api_version: '2026-01-01',
    data: { object: { id: 'msg_1' } },
  });
  const signature = createHmac('sha256', SECRET).update(body).digest('hex');
  const res = await fetch(`http://127.0.0.1:${port}/webhooks`, {
    method: 'POST',
    body,
    headers: { 'x-service-signature': signature },
  });
  return res.status === 200 && (await res.text()) === 'handled';
}

export async function measureReceiveMemory(): Promise<MemoryRow[]> {
  const handle = createWebhookHandler({ secret: SECRET, onEvent: () => undefined });
  const read: number[] = [];
  const server = createServer(toNodeHandler(handle) as unknown as RequestListener);
  server.on('connection', (s: Socket) => s.on('close', () => read.push(s.bytesRead)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const rows: MemoryRow[] = [];
  const run = async (label: string, count: number, genuineCount: number) => {
    read.length = 0;
    (globalThis as { gc?: () => void }).gc?.();
    const base = process.memoryUsage();
    let rss = 0;
    let buffers = 0;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      rss = Math.max(rss, m.rss - base.rss);
      buffers = Math.max(buffers, m.arrayBuffers - base.arrayBuffers);
    }, 5);
    const floods = Array.from({ length: count }, (_, i) =>
      flood(port, count === 1 ? label.includes('chunked') : i % 2 === 0),
    );
    const ok = await Promise.all(Array.from({ length: genuineCount }, () => genuine(port)));
    const lines = await Promise.all(floods);
    clearInterval(sample);
    if (lines.some((l) => !l.includes(' 413 '))) throw new Error(`not every flood got 413: ${lines[0]}`);
    rows.push({
      label,
      requests: count,
      maxReadBytes: Math.max(...read),
      rssGrowthBytes: rss,
      arrayBuffersGrowthBytes: buffers,
      genuineOk: `${ok.filter(Boolean).length}/${genuineCount}`,
    });
  };
  try {
    await run('one 400 MB POST, Content-Length', 1, 0);
    await run('one 400 MB POST, chunked', 1, 0);
    await run('100 x 400 MB POSTs at once, half chunked', 100, 20);
  } finally {
    server.closeAllConnections();
    server.close();
  }
  return rows;
}

export function memoryTable(rows: MemoryRow[]): string {
  const mb = (b: number) => `${(b / MiB).toFixed(1)} MiB`;
  return [
    '| requests (maxBodyBytes 1 MiB) | most read by one connection | peak RSS growth | peak ArrayBuffer growth | genuine deliveries answered 200 meanwhile |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${mb(r.maxReadBytes)} | ${mb(r.rssGrowthBytes)} | ${mb(r.arrayBuffersGrowthBytes)} | ${r.genuineOk} |`,
    ),
  ].join('\n');
}
