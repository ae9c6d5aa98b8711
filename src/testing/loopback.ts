// What the testing entry counts as this machine, in one place: the mock's deliveries without a
// `deliver` option (dispatch.ts) and MSW's `allowLoopback` (msw/allow-loopback.ts) let a request through only to
// these hosts, so that nothing a test starts reaches the network on its own. (The mock server's
// CORS check, server.ts, matches whole Origin headers by its own stricter pattern.)

/**
 * Whether `url` names this machine: `localhost`, 127.0.0.0/8 or `[::1]` (as the URL parser writes
 * them, so `http://127.1/` and `http://[0:0::1]/` count too), over one of `protocols`.
 */
export function isLoopbackUrl(
  url: string | URL,
  protocols: readonly string[] = ['http:', 'https:'],
): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname;
  return (
    protocols.includes(parsed.protocol) &&
    (host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host))
  );
}
