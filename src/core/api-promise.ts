// The promise every method returns: awaits to the parsed value, and `.withResponse()` gives
// the raw Response and request id of the same call (one request either way).

/**
 * @internal The answer of a call that reached the service but could not be parsed, keyed by the
 * call's error: `asResponse()` resolves with it, as it never parses.
 */
export const UNPARSED_ANSWERS = new WeakMap<object, Response>();

/** A resolved call: the parsed value, the raw `Response` (its body still readable) and the service's request id. */
export interface WithResponse<T> {
  /** The parsed value, the same the call resolves to. */
  data: T;
  /**
   * The raw `Response`, with the status and headers the service sent; its body is the text the SDK
   * read, still readable (`.json()`, `.text()`, `.clone()`); each read of `response` is a fresh copy.
   */
  response: Response;
  /** The service's request id (`x-request-id` or `request-id`), to quote to support. */
  requestId: string | undefined;
}

/**
 * A promise of a parsed value with access to the raw response.
 *
 * @example const { data, requestId } = await client.sms.messages.retrieve('msg_1').withResponse()
 */
export class APIPromise<T> implements PromiseLike<T> {
  #inner: Promise<WithResponse<T>> | undefined;
  readonly #start: () => Promise<WithResponse<T>>;

  /**
   * Wraps a call; the SDK builds these, users only await them. A single call starts at once (a
   * send that is never awaited still sends); a lazy one starts when first awaited or iterated.
   */
  constructor(start: () => Promise<WithResponse<T>>, lazy = false) {
    this.#start = start;
    if (!lazy) this.#inner = start();
  }

  /** Resolves to `{ data, response, requestId }` instead of the value alone. */
  withResponse(): Promise<WithResponse<T>> {
    return (this.#inner ??= this.#start());
  }

  /**
   * Resolves to the raw `Response` of a 2xx answer, body unread, whether or not it parses: for
   * reading an answer the SDK's types do not describe. A non-2xx still rejects with its `APIError`.
   *
   * @example const response = await client.sms.messages.retrieve('msg_1').asResponse()
   */
  asResponse(): Promise<Response> {
    return this.withResponse().then(
      (answer) => answer.response,
      (error: unknown) => {
        // A WeakMap answers undefined for a key that is not an object: no type check first.
        const answer = UNPARSED_ANSWERS.get(error as object);
        if (!answer) throw error;
        // A copy each time: the body of one never read leaves the next unreadable.
        return answer.clone();
      },
    );
  }

  /** Standard promise `then`, over the parsed value. */
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    // One hop, not two: the same outcome as mapping to `data` first (a throw in onfulfilled is
    // not passed to onrejected either way).
    return this.withResponse().then(
      onfulfilled ? (r) => onfulfilled(r.data) : (r) => r.data as unknown as R1,
      onrejected,
    );
  }

  /** Standard promise `catch`. */
  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  /** Standard promise `finally`. */
  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  /** @ignore */
  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }
}
