// The loopback service the bench measures against, run in a child process so its CPU is not
// counted against the client. Answers GET /sms/messages/:id, POST /sms/messages and
// GET /sms/messages?limit=&after= (100,000 messages, cursor = index of the last one sent).
// Prints its URL on the first line of stdout.
import { createServer } from 'node:http';

const TOTAL = 100_000;
const message = (i: number) => ({
  id: `msg_${i}`,
  to: '447700900123',
  from: 'ACME',
  body: `Your code is ${String(100000 + (i % 900000))}`,
  status: 'delivered',
  created_at: '2026-01-01T00:00:00Z',
  route: 'otp',
  segments: 1,
  cost: 0.05,
  scheduled_at: null,
  sent_at: '2026-01-01T00:00:01Z',
  delivered_at: '2026-01-01T00:00:03Z',
  error_code: null,
});
const one = JSON.stringify(message(1));
const headers = (length: number) => ({
  'content-type': 'application/json',
  'content-length': String(length),
  'x-request-id': 'req_bench',
});

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  if (req.method === 'POST') {
    // Read the body as a real service would, then answer.
    req.on('data', () => undefined);
    req.on('end', () => {
      res.writeHead(200, headers(Buffer.byteLength(one)));
      res.end(one);
    });
    return;
  }
  if (url.startsWith('/sms/messages?') || url === '/sms/messages') {
    const query = new URL(url, 'http://x').searchParams;
    const limit = Number(query.get('limit') ?? 20);
    const after = query.get('after');
    const start = after === null ? 0 : Number(after.slice(4)) + 1;
    const data = [];
    for (let i = start; i < Math.min(TOTAL, start + limit); i++) data.push(message(i));
    const hasMore = start + data.length < TOTAL;
    const body = JSON.stringify({
      data,
      has_more: hasMore,
      next_cursor: hasMore ? (data.at(-1)?.id ?? null) : null,
    });
    res.writeHead(200, headers(Buffer.byteLength(body)));
    res.end(body);
    return;
  }
  res.writeHead(200, headers(Buffer.byteLength(one)));
  res.end(one);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`http://127.0.0.1:${address.port}\n`);
});
process.on('disconnect', () => process.exit(0));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
