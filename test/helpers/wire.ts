// Records what went on the wire, so tests assert on requests rather than on internals.
import type { SetupServer } from 'msw/node';

export interface WireRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/** Every request the server sees from now on, in order. */
export function recordRequests(server: SetupServer): WireRequest[] {
  const seen: WireRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const entry: WireRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: Object.fromEntries(request.headers),
      body: undefined,
    };
    seen.push(entry);
    void request
      .clone()
      .text()
      .then((text: string) => {
        entry.body = text === '' ? undefined : JSON.parse(text);
      });
  });
  return seen;
}

/** A logger that keeps every line, for asserting on what was (not) logged. */
export function memoryLogger() {
  const lines: string[] = [];
  const push = (...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  };
  return { lines, logger: { error: push, warn: push, info: push, debug: push } };
}
