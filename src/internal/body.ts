// Reading an answer within `maxResponseBytes`: refused from `Content-Length` before a
// byte is read, and otherwise counted chunk by chunk as it arrives, the stream cancelled as soon
// as the count passes the limit. So an answer costs at most the limit in memory (plus one chunk),
// however large or endless it is. Bytes are counted after any Content-Encoding is undone (they are
// what takes memory): a small gzip bomb is stopped like a large body.
//
// Also tells the network's failures from the SDK's own: only a rejection of `fetch` or of the
// body's stream is a connection error (retried); anything else thrown while handling an answer
// (a RangeError, a bug) is not (see Call.fetch).

const networkFailures = new WeakSet<object>();

/** Whether `error` came from the network (a rejected read of the body's stream, or a primitive thrown by a custom fetch). */
export function isNetworkFailure(error: unknown): boolean {
  return typeof error !== 'object' || error === null || networkFailures.has(error);
}

/** Marks a failure as the network's, and rethrows it. */
function network(error: unknown): never {
  if (typeof error === 'object' && error !== null) networkFailures.add(error);
  throw error;
}

/**
 * The body as text, at most `limit` bytes. Over it, the stream is cancelled and `tooLarge` says
 * what to throw. With a `signal` that fires, the read is cut short too.
 */
export async function readBody(
  response: Response,
  limit: number,
  tooLarge: () => Error,
  signal?: AbortSignal,
): Promise<string> {
  const body = response.body;
  if (Number(response.headers.get('content-length')) > limit) {
    void body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!body) return '';
  // Our own reader: a stream locked by `text()` can be neither counted nor cancelled.
  const reader = body.getReader();
  const stop = () => void reader.cancel(signal?.reason).catch(() => undefined);
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop, { once: true });
  try {
    // An answer of one chunk (most are) is decoded by the decoder every call shares: building a
    // TextDecoder costs more than the rest of such a read. Longer ones stream through their own.
    let first: Uint8Array | undefined;
    let decoder: TextDecoder | undefined;
    let text = '';
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read().catch(network);
      if (signal?.aborted) network(signal.reason);
      if (done) return decoder ? text + decoder.decode() : (utf8 ??= new TextDecoder()).decode(first);
      bytes += value.byteLength;
      if (bytes > limit) {
        stop();
        throw tooLarge();
      }
      if (!first && !decoder) first = value;
      else {
        decoder ??= new TextDecoder();
        // `first` is decoded before `value` (left to right), then dropped.
        text += decoder.decode(first, { stream: true }) + decoder.decode(value, { stream: true });
        first = undefined;
      }
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * Decodes whole answers only (never `stream: true`), so one instance serves every call; built on
 * first use, not at import.
 */
let utf8: TextDecoder | undefined;
