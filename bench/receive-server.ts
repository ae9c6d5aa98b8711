// One webhook receiver on 127.0.0.1, in its own process so that the load generator does not share
// its event loop: `sdk` is the built package's createWebhookHandler (memory store) behind
// toNodeHandler, `bare` a node:http server that reads the body and verifies it with node:crypto,
// nothing else. `root` (optional) is the checkout whose dist/ to load (bench/compare.ts). Prints its URL,
// exits when stdin closes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadWebhooks } from './sdk.js';

const [kind = 'sdk', secret = '', root] = process.argv.slice(2);

let listener: RequestListener;
if (kind === 'bare') {
  listener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const expected = createHmac('sha256', secret).update(Buffer.concat(chunks)).digest();
      const given = Buffer.from(String(req.headers['x-service-signature']), 'hex');
      const ok = given.length === expected.length && timingSafeEqual(expected, given);
      res.writeHead(ok ? 200 : 400, { 'content-type': 'text/plain' }).end(ok ? 'handled' : 'bad');
    });
  };
} else {
  const { createWebhookHandler, memoryStore, toNodeHandler } = await loadWebhooks(root);
  let handled = 0;
  const handle = createWebhookHandler({ secret, onEvent: () => void handled++, dedupe: memoryStore() });
  listener = toNodeHandler(handle) as unknown as RequestListener;
}

const server = createServer({ keepAliveTimeout: 60_000 }, listener);
server.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`);
});
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
