// Requests a fetch cannot make, for the tests of the loopback mock server's manners and guards:
// node:http with any Host, Origin and method, and a raw socket for what node:http will not send
// as a plain request (TRACE's answer read whole, CONNECT).
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

/** A status, its headers and the body as text. */
export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request through node:http, where Host, Origin and any method can be set (fetch forbids them). */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Whether `answer` is one whole HTTP answer: a body of Content-Length bytes, or chunked to its end. */
function complete(answer: string): boolean {
  const end = answer.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const headers = answer.slice(0, end);
  const body = answer.slice(end + 4);
  const length = /\r\ncontent-length: *(\d+)/i.exec(headers)?.[1];
  if (length !== undefined) return body.length >= Number(length);
  return /\r\ntransfer-encoding: *chunked/i.test(headers) && /(^|\r\n)0\r\n\r\n$/.test(body);
}

/**
 * Sends `head` on a raw socket to 127.0.0.1:`port` and resolves with what the server wrote: one
 * whole answer, or everything up to its closing the connection.
 */
export function raw(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      // One complete answer is enough: the server may keep the connection open (TRACE's is chunked
      // and kept alive; waiting for the server to close it was waiting out its 5 s keep-alive).
      if (complete(answer)) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(head);
  });
}
