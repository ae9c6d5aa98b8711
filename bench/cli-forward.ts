// The local webhook loop end to end: `gateway-sdk mock --auto-advance --forward-to URL` (the built
// dist/cli.js, as `npx gateway-sdk` runs it) and a receiver on 127.0.0.1 made with
// createWebhookHandler (from src/), verifying with the printed GATEWAY_WEBHOOK_SECRET. Times each message from
// the messages.create call to its verified `message.delivered` at the receiver (target: under 5 s).
// Run after `npm run build`: npm run bench:cli -- [messages=10]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from '../src/index.js';
import { createWebhookHandler, type NodeWebhookHandler, toNodeHandler } from '../src/webhooks.js';
import { clientOptionsFrom, readExports } from '../test/helpers/cli.js';
import { median } from './stats.js';

const COUNT = Number(process.argv[2] ?? 10);
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

const delivered = new Map<string, number>();
const waiting = new Map<string, () => void>();
let handle: NodeWebhookHandler | undefined;
const secret: { value?: string } = {};
const receiver = createServer((req, res) => {
  handle ??= toNodeHandler(
    createWebhookHandler({
      secret: secret.value ?? '',
      on: {
        'message.delivered': (event) => {
          delivered.set(event.data.object.id, performance.now());
          waiting.get(event.data.object.id)?.();
        },
      },
    }),
  );
  void handle(req, res);
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

const child = spawn(process.execPath, [CLI, 'mock', '--auto-advance', '--forward-to', url]);
child.stderr.resume();
const env = await readExports(child.stdout);
secret.value = env['GATEWAY_WEBHOOK_SECRET'];
const client = new Client(clientOptionsFrom(env));

const times: number[] = [];
for (let i = 0; i < COUNT; i++) {
  const started = performance.now();
  const message = await client.sms.messages.create({ to: '447700900123', message: `bench ${i}` });
  const arrived = new Promise<void>((resolve) => waiting.set(message.id, resolve));
  await Promise.race([arrived, new Promise((r) => setTimeout(r, 30_000))]);
  const at = delivered.get(message.id);
  if (at === undefined) throw new Error(`${message.id}: no verified message.delivered within 30 s`);
  times.push(at - started);
}
child.kill('SIGTERM');
receiver.close();
const sorted = [...times].sort((a, b) => a - b);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `gateway-sdk mock --auto-advance --forward-to: messages.create → verified message.delivered at the receiver, ` +
    `${COUNT} transactional messages one after another: median ${s(median(times))}, ` +
    `min ${s(sorted[0] ?? 0)}, max ${s(sorted.at(-1) ?? 0)} (target: under 5 s)`,
);
