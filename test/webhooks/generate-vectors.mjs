// Writes test/fixtures/webhook-vectors.json. The digests come from `openssl dgst -sha256 -hmac`,
// not from the SDK, so the vectors check the SDK against an independent implementation.
// Run once, by hand: node test/webhooks/generate-vectors.mjs   (the output is committed)

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const envelope = (id, object, type = 'message.delivered') => ({
  id,
  type,
  created: 1767225600,
  data: { object },
  api_version: '2026-01-01',
});
const message = {
  id: 'msg_01J9',
  to: '447700900123',
  from: 'Gateway',
  body: 'Your code is 123456',
  status: 'delivered',
  created_at: '2026-01-01T00:00:00Z',
  delivered_at: '2026-01-01T00:00:03Z',
};

const binary = Buffer.concat([
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  // Invalid UTF-8: a lone continuation pair, bytes never valid, an encoded surrogate, a truncated sequence.
  Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0xe2, 0x82]),
]);

/** @type {{ name: string, secret: string, body: { text: string } | { base64: string } | { repeat: string, times: number }, event?: boolean }[]} */
const cases = [
  {
    name: 'event envelope, ASCII JSON',
    secret: 'whsec_test_8f2a61c3',
    body: { text: JSON.stringify(envelope('evt_ascii', message)) },
    event: true,
  },
  {
    name: 'UTF-8 multibyte body: accents, emoji, CJK',
    secret: 'whsec_test_8f2a61c3',
    body: {
      text: JSON.stringify(
        envelope(
          'evt_utf8',
          { ...message, from: 'Café', body: 'Héllo wörld 👋🏽 你好，世界 ñ Ω' },
          'message.sent',
        ),
      ),
    },
    event: true,
  },
  { name: 'empty body', secret: 'whsec_test_8f2a61c3', body: { text: '' } },
  {
    name: 'CRLF line endings',
    secret: 'whsec_test_8f2a61c3',
    body: {
      text: `${JSON.stringify(envelope('evt_crlf', { id: 'cus_1', email: 'a@example.com' }, 'customer.created'), null, 2).replaceAll('\n', '\r\n')}\r\n`,
    },
    event: true,
  },
  {
    name: 'binary bytes, not valid UTF-8',
    secret: 'whsec_test_8f2a61c3',
    body: { base64: binary.toString('base64') },
  },
  {
    name: 'large body, 1 MiB',
    secret: 'whsec_test_8f2a61c3',
    body: { repeat: '0123456789abcdef', times: 65536 },
  },
  {
    name: 'unicode secret',
    secret: 'sécret-🔑-密钥',
    body: { text: JSON.stringify(envelope('evt_unicode_secret', message)) },
    event: true,
  },
  {
    name: 'secret with inner spaces and shell characters',
    secret: `my secret $HOME "q" 'a' \\ \`x\``,
    body: { text: 'plain text, not JSON' },
  },
];

const bytesOf = (body) =>
  'text' in body
    ? Buffer.from(body.text, 'utf8')
    : 'base64' in body
      ? Buffer.from(body.base64, 'base64')
      : Buffer.from(body.repeat.repeat(body.times), 'utf8');

const vectors = cases.map((c) => {
  // execFile passes the secret as one argv entry, UTF-8 encoded: no shell quoting involved.
  const out = execFileSync('openssl', ['dgst', '-sha256', '-hmac', c.secret], {
    input: bytesOf(c.body),
  }).toString();
  const signature = out.trim().split(/\s+/).pop();
  if (!/^[0-9a-f]{64}$/.test(signature ?? '')) throw new Error(`unexpected openssl output: ${out}`);
  return { ...c, event: c.event ?? false, signature };
});

const version = execFileSync('openssl', ['version']).toString().trim();
const file = new URL('../fixtures/webhook-vectors.json', import.meta.url);
writeFileSync(
  file,
  `${JSON.stringify({ $comment: `HMAC-SHA256 known answers from ${version} (openssl dgst -sha256 -hmac <secret>); regenerate with node test/webhooks/generate-vectors.mjs`, vectors }, null, 2)}\n`,
);
console.log(`wrote ${vectors.length} vectors to ${file.pathname}`);
