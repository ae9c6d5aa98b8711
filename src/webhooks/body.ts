// Reading a delivery's raw body within a limit, shared by the Fetch handler and the Node adapter:
// a public endpoint must not be made to buffer more than the limit, whatever a sender announces.

/**
 * The body from `next` (a stream reader's `read` or an async iterator's `next`, giving bytes), or
 * `undefined` as soon as it passes `limit` bytes: nothing past the limit is kept, so a huge or
 * endless body costs at most the limit. The caller stops the source.
 */
export async function collect(
  next: () => Promise<IteratorResult<Uint8Array, unknown>>,
  limit: number,
): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (let r = await next(); !r.done; r = await next()) {
    const chunk = r.value;
    if ((length += chunk.length) > limit) return undefined;
    chunks.push(chunk);
  }
  // One chunk (a small delivery) is used as it is; several are joined.
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(length);
  length = 0;
  for (const chunk of chunks) out.set(chunk, (length += chunk.length) - chunk.length);
  return out;
}

/** A `Content-Length` over `limit`: the request can be refused before any of its body is read. */
// `>` against a number reads the header as Number() would, without the call: a string as its
// number, a one-item list as its item; missing, empty or not a number is never over.
export const declaredOver = (value: unknown, limit: number): boolean => (value as number) > limit;
