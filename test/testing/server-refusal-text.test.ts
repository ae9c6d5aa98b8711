// The mock server's refusals quote the request's Origin: escaped with the one control-character
// set, so that a header cannot carry a terminal sequence or a bidi mark into what a user reads.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startMockServer } from 'gateway-sdk/testing';
import { CONTROL_CHARS } from '../../src/core/text.js';

async function rawRequest(port: number, head: Buffer): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.write(head);
  await new Promise((resolve) => socket.on('close', resolve));
  return Buffer.concat(chunks).toString('latin1');
}

describe('startMockServer: refusal messages', () => {
  it('escape C1 controls and bidi marks sent in an Origin header', async () => {
    const server = await startMockServer();
    try {
      const port = Number(new URL(server.url).port);
      // Bytes 0x9b (CSI) and 0x85 (NEL): node:http reads header bytes as latin1, so they arrive as C1 controls.
      const head = Buffer.concat([
        Buffer.from(
          'GET /sms/account/balance HTTP/1.1\r\nHost: 127.0.0.1:' + port + '\r\nOrigin: https://evil.test',
        ),
        Buffer.from([0x9b, 0x33, 0x31, 0x6d, 0x85]),
        Buffer.from('\r\nConnection: close\r\n\r\n'),
      ]);
      const answer = await rawRequest(port, head);
      // The body may be chunked: the JSON runs from the first { to the last }.
      const body = answer.slice(answer.indexOf('{'), answer.lastIndexOf('}') + 1);
      const message = (JSON.parse(body) as { error: { message: string } }).error.message;
      expect(message).toContain('evil.test');
      expect(message.match(CONTROL_CHARS)).toBeNull();
      expect(message).toContain('\\x9b');
    } finally {
      await server.close();
    }
  });
});

describe('startMockServer: allowedOrigins', () => {
  it.each(['null', 'https://app.example.test/', 'app.example.test', 'HTTPS://APP.EXAMPLE.TEST', ''])(
    'refuses %j before listening',
    async (origin) => {
      await expect(startMockServer({ allowedOrigins: [origin] })).rejects.toThrow(
        /allowedOrigins takes '\*' or origins as a browser sends them/,
      );
    },
  );

  it.each(['https://*.example.test', 'http://*:3000', 'https://{app,admin}.example.test'])(
    'refuses the pattern %j, which matches no page, saying patterns are not supported',
    async (origin) => {
      await expect(startMockServer({ allowedOrigins: [origin] })).rejects.toThrow(
        /patterns such as 'https:\/\/\*\.example\.test' are not supported \(they match no page\): name each origin/,
      );
    },
  );

  it('takes * and origins as browsers send them', async () => {
    const server = await startMockServer({
      allowedOrigins: ['*', 'https://app.example.test', 'http://localhost:5173'],
    });
    await server.close();
  });
});
