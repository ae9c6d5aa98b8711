// One logical call, as one object: what it sends, its key, its limits, and what ky does not do
// for it. ky runs the attempts, the waits and both timeouts; every attempt passes through
// `Call.fetch`, which (when there are hooks) re-asserts the credential, host and Idempotency-Key
// after every user hook has run, reads the body inside ky's per-attempt timeout, notes
// Deprecation/Sunset headers and the `Retry-After` that `Call.#delay` honours.
import {
  type BeforeRetryState,
  type HTTPError,
  isHTTPError,
  isTimeoutError,
  type Options,
  type ShouldRetryState,
} from 'ky';
import type { z } from 'zod/mini';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  cleanText,
  ConfigurationError,
  GatewayError,
  isIdempotencyKeyReuse,
  ResponseTooLargeError,
  UNPARSED_ANSWERS,
} from '../core/engine-kit.js';
import { errorForStatus } from '../core/status-error.js';
import { isNetworkFailure, readBody } from './body.js';
import { safeCause, scrub, scrubBody, withheldFields } from './scrub.js';
import { parseJson, queryString, wireJson } from './encoding.js';
import { noteDeprecation } from './deprecation.js';
import { driftLog } from './drift.js';
import { idempotencyKeyFor } from './idempotency.js';
import { maskText } from './safe-logger.js';
import type { RequestOptions } from '../core/options.js';
import { attachCallSite, invalidOption, now, ownProperties } from './engine-kit.js';
import { backoff, parseRetryAfter, isRetryStatus, retryAfterJitter } from './retry.js';
import { parseOutput } from './schema.js';
import { HAS_SIGNAL_ANY } from './area.js';
import {
  type CallHooks,
  callHooks,
  type KyStop,
  polluted,
  REQUEST_INIT,
  RETRY_METHODS,
  UNSET,
  UNSET_NAMES,
  withCredential,
} from './call-hooks.js';
import type { CallSite } from './call-site.js';
import type { CallChannel } from './channel.js';
import type { Area, AreaTransport, TransportContext } from './transport.js';

/** What a resource asks for; everything in it has already been validated. */
export interface RequestSpec<S extends z.ZodMiniType> {
  area: Area;
  method: 'GET' | 'POST';
  /** Relative to the area's address, parameters already encoded (see `path`). */
  path: string;
  /** The operation's path as the reference writes it (`sms/messages/{message_id}`): for the warnings and the hooks. */
  template: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Schema of a 2xx body. */
  response: S;
  /** False when nothing can ask for the response (a walk's own page, a batch's send): its text is then not kept. */
  keepResponse: boolean;
}

/**
 * What a call nobody can ask for its response hands back as one: a promise that waited on the
 * network is in V8's old generation when it settles and keeps its value until a full collection,
 * so a getter over the answer's text would have every page of a walk promoted with its text. Built
 * as the engine loads, so that no call builds a Response it was not asked for.
 */
const notKept = new Response();

/**
 * One call in flight: created per method call, dropped when it settles. Reads as its steps: `run`
 * hands the call to ky (`#throughKy`, with its options); ky calls `fetch` once per attempt, which
 * re-asserts the request (`#reassert`), starts the attempt, fetches, reads the answer or names the
 * failure (`#attemptFailure`).
 * ky asks `#delay` for each wait and the SDK's hook `#beforeRetry` (through ky's `context`) before
 * each retry; what ky rejects with becomes the SDK's typed error in `#failureNow`. Only `run` and
 * `fetch` are public (the other functions ky calls it is handed as options), and the call's state
 * is in private fields, whose names a minifier shortens (a public name ships in full).
 */
export class Call {
  readonly #idempotencyKey: string | undefined;
  /** The `Service-Version` this call sends: the call's option, else the area's (none for account). */
  readonly #serviceVersion: string | undefined;
  readonly #timeout: number;
  readonly #maxRetries: number;
  /** Milliseconds for the whole call (ky's `totalTimeout`), if any. */
  readonly #totalTimeout: number | undefined;
  /** The caller's signal. */
  readonly #signal: AbortSignal | undefined;
  /** Relative URL of the request, query included. */
  readonly #input: string;
  #attempts = 0;
  /** When the call started, on ky's clock, so the whole-call deadline counts from here. */
  readonly #started: number;
  /** The last response read by `fetch`, and its text: read once, inside the attempt's timeout. */
  #response: Response | undefined;
  #text = '';
  /** The wait a retried status's `Retry-After` asks for, jitter included, for `#delay`. */
  #retryAfterMs: number | undefined;
  /** The wait before this retry was made by the pace (`#shouldRetry`): ky's is then none. */
  #waited = false;
  /** The body as it goes on the wire, serialized once before any I/O. */
  readonly #json: string | undefined;
  #attemptStarted = 0;
  #attemptEnded: number | undefined;
  /**
   * Whether the client or the call has hooks of the user's. Any of them may change the request, so
   * `fetch` re-asserts the host and headers; some may read the answer's body, so `fetch` hands ky an
   * unread copy. The channel's waits are the call's own hooks: they do neither.
   */
  readonly #hooked: boolean;
  /** What the SDK passed beside the options (internal/channel.ts): the observer and the pace. */
  readonly #channel: CallChannel | undefined;

  /** What every call of the client reads: its settings, logger and jitter source. */
  readonly #context: TransportContext;
  /** The transport of the call's area: its ky instance, credential and origin. */
  readonly #areaTransport: AreaTransport;
  readonly #spec: RequestSpec<z.ZodMiniType>;
  readonly #options: RequestOptions;
  /** Where the app called the method, appended to the stack of the call's error. */
  readonly #site: CallSite | undefined;

  constructor(
    context: TransportContext,
    areaTransport: AreaTransport,
    spec: RequestSpec<z.ZodMiniType>,
    options: RequestOptions,
    site?: CallSite,
    /** When the method was called, on ky's clock: before the engine loaded, on a first call. */
    started = now(),
    channel?: CallChannel,
  ) {
    this.#context = context;
    this.#areaTransport = areaTransport;
    this.#spec = spec;
    this.#options = options;
    this.#site = site;
    this.#started = started;
    this.#channel = channel;
    const { settings } = context;
    this.#idempotencyKey =
      spec.method === 'POST'
        ? idempotencyKeyFor(options.idempotencyKey ?? headerKey(options.headers))
        : undefined;
    if (spec.body !== undefined) this.#json = wireJson(spec.body);
    const areaVersion = areaTransport.serviceVersion;
    // Ignoring it would let a caller believe a version was tried that never went on the wire.
    if (!areaVersion && options.serviceVersion)
      throw invalidOption(
        ['serviceVersion'],
        `is not sent by ${spec.area} operations, which have no Service-Version: remove it`,
      );
    this.#serviceVersion = options.serviceVersion ?? areaVersion;
    this.#timeout = options.timeout ?? settings.timeout;
    this.#maxRetries = options.maxRetries ?? settings.maxRetries;
    this.#input = spec.path + queryString(spec.query);
    this.#hooked = !!(settings.hooks || options.hooks);
    this.#totalTimeout = options.totalTimeout ?? settings.totalTimeout;
    this.#signal = options.signal;
  }

  /** Runs the call through the area's ky instance: the parsed value and its response, or a typed error. */
  async run<S extends z.ZodMiniType>(
    schema: S,
  ): Promise<{ data: z.output<S>; response: Response; requestId: string | undefined }> {
    try {
      if (this.#signal?.aborted) throw this.#abortFailure();
      const response = await this.#throughKy();
      const text = response === this.#response ? this.#text : await this.#read(response);
      const requestId = requestIdOf(response.headers);
      // The answer's value, as the client's `responseValidation` says; an error keeps the answer
      // for `asResponse()`.
      let data: z.output<S>;
      try {
        data = parseOutput(
          schema,
          parseJson(text),
          // What an invalid answer's error shows of it, scrubbed: built only for an error, so every
          // good response is spared the scans.
          () => ({
            status: response.status,
            idempotencyKey: this.#idempotencyKey,
            ...scrubBody(text, [this.#areaTransport.credential], true),
            requestId: this.#scrubbedId(response),
          }),
          this.#context.settings.responseValidation,
          () => driftLog(this.#context, this.#spec.method, this.#spec.template, this.#serviceVersion),
        );
      } catch (error) {
        if (error instanceof GatewayError) UNPARSED_ANSWERS.set(error, unread(response, text));
        throw error;
      }
      if (!this.#spec.keepResponse) return { data, requestId, response: notKept };
      // The Response handed back is rebuilt from the text, so its body can still be read; built only
      // when asked for (`withResponse()`), so a call awaited for its value costs no copy, and built
      // at every read, so reading one (`asResponse()`) never leaves another's body used.
      return {
        data,
        requestId,
        get response() {
          return unread(response, text);
        },
      };
    } catch (error) {
      if (isHTTPError(error) && error.response !== this.#response) {
        // A hook replaced the response: ky 2 read its body into `data` (JSON parsed, else text;
        // none, which JSON.stringify gives back as undefined, when it had no body).
        const data = error.data;
        this.#response = error.response;
        this.#text = typeof data === 'string' ? data : ((JSON.stringify(data) as string | undefined) ?? '');
      }
      const failure = this.#failureNow(error);
      throw attachCallSite(failure, this.#site);
    }
  }

  /** Hands the call to the area's ky instance, which runs the attempts, the waits and the timeouts. */
  #throughKy(): Promise<Response> {
    // ky's options for this call: only what differs from the area's instance, for ky to merge.
    const spec = this.#spec;
    const options = this.#options;
    const unset = UNSET_NAMES.some(polluted);
    const init: Options = {
      ...(unset ? UNSET : undefined),
      method: spec.method,
      // ky hands its `context` option to every hook: the SDK's own hook finds the call's there, and
      // gateway-sdk/otel the operation's path template. ky shows its options (context included) to
      // every hook and keeps them on its errors, so a hook that prints them would print any field
      // of the call, the area's credential among them: the call is there as a function only, which
      // prints as a name.
      context: { beforeRetry: this.#beforeRetry, template: spec.template } satisfies CallHooks,
      fetch: this.fetch as Options['fetch'],
      // The whole of it: the area's instance has none, so ky takes this one as it is.
      retry: {
        methods: RETRY_METHODS,
        limit: this.#maxRetries,
        delay: this.#delay,
        shouldRetry: this.#shouldRetry,
      },
    };
    // ky's deadline starts with ky's request; the call's started before (the first call loads the engine).
    const left = this.#left();
    if (left !== undefined) init.totalTimeout = Math.max(1, left);
    const json = this.#json;
    const key = this.#idempotencyKey;
    // Lower-cased, so the area's headers are replaced whatever the caller's spelling.
    const headers: Record<string, string> = {};
    if (json) {
      // The text checked up front, with the header ky adds for `json`. ky 2 shows its hooks the
      // body, never `json`, so they see the same either way; this is two options fewer for ky to
      // merge on every call.
      init.body = json;
      headers['content-type'] = 'application/json';
    }
    if (options.headers)
      for (const name of Object.keys(options.headers))
        headers[name.toLowerCase()] = options.headers[name] as string;
    if (key) headers['idempotency-key'] = key;
    // Only a call's own version goes here: the area's instance already sends the client's (and the
    // constructor refused one for an area that has none).
    const version = options.serviceVersion;
    if (version) headers['service-version'] = version;
    // Option values are checked: a timeout is at least 1 ms, a key or version never empty.
    if (unset || json || options.headers || key || version) init.headers = headers;
    if (unset || options.timeout) init.timeout = this.#timeout;
    const hooks = callHooks(options.hooks, this.#channel?.pace, this.#areaTransport.ownHook);
    if (hooks) init.hooks = hooks;
    const signal = this.#signal;
    // Without AbortSignal.any ky's waits between retries cannot be cut short by the caller: the
    // call ends at once anyway, and `beforeRetry` stops ky when its wait is over.
    if (signal && !HAS_SIGNAL_ANY)
      return new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(this.#abortFailure()), { once: true });
        this.#areaTransport.ky(this.#input, init).then(resolve, reject);
      });
    if (signal) init.signal = signal;
    return this.#areaTransport.ky(this.#input, init);
  }

  /**
   * ky's `fetch`, so it runs on every attempt after every `beforeRequest` hook, the user's
   * included: whatever a hook did, the request goes to this area's host, with its credential and
   * the call's one Idempotency-Key. Reads the whole body here, so ky's per-attempt timeout
   * bounds the read as well as the headers. Its input is always a Request: the one ky built, or one
   * a beforeRequest hook returned, which ky takes only when it is a Request (ky's type for a custom
   * fetch allows a URL too, hence the cast where ky is handed it).
   *
   * The attempt's `signal`: ky times the attempt out but, without AbortSignal.any, cannot abort it
   * here: this attempt's own controller does, when the attempt's timeout or what is left of the
   * totalTimeout is spent, or the caller gives up; `release` undoes that when the attempt is over.
   *
   * The answer's body is read within the attempt and kept for the call, with what its headers ask
   * (the `Retry-After` wait, a deprecation); ky gets the response, or an unread copy for hooks that
   * read it again. Not every fetch (custom ones, mocks) ties the body to the request's signal: ky's
   * timeouts end the call regardless, but the caller's signal and the totalTimeout need the read cut
   * short (the signal `#read` is given).
   *
   * Where other code has set a member on Object.prototype (prototype pollution), the fetch init is
   * own properties on no prototype, the method and headers among them, as fetch builds a Request
   * from its init and Node's reads a member the init lacks from Object.prototype, which would
   * replace them. The fetch is the client's `fetch` option, else the global one, looked up per
   * call, so a fetch mock installed later (MSW) still applies, and called on globalThis, as
   * browsers require.
   */
  readonly fetch = async (request: Request, init?: RequestInit): Promise<Response> => {
    // Without user hooks the request is what ky built from the area's options and the call's:
    // nothing else can have changed it, and checking it again would cost every call.
    if (this.#hooked) this.#reassert(request);
    // Counts and times the attempt, and logs it at debug.
    this.#attempts++;
    this.#attemptStarted = Date.now();
    this.#attemptEnded = undefined;
    if (this.#context.logger.enabled('debug')) {
      // The path without its query: URLs in logs lose their query (a list's filters, a token).
      this.#context.logger.log(
        'debug',
        `${request.method} ${this.#spec.path}${this.#input === this.#spec.path ? '' : '?…'} (attempt ${this.#attempts} of ${this.#maxRetries + 1})`,
        {
          area: this.#areaTransport.area,
          idempotencyKey: this.#idempotencyKey,
          body: this.#spec.body,
        },
      );
    }
    let signal = request.signal;
    let release: (() => void) | undefined;
    if (!HAS_SIGNAL_ANY) {
      const controller = new AbortController();
      const left = this.#left() ?? Infinity;
      const timer = setTimeout(() => controller.abort(), Math.max(0, Math.min(this.#timeout, left)));
      const callSignal = this.#signal;
      const forward = () => controller.abort(callSignal?.reason);
      if (callSignal?.aborted) forward();
      else callSignal?.addEventListener('abort', forward, { once: true });
      signal = controller.signal;
      release = () => {
        clearTimeout(timer);
        callSignal?.removeEventListener('abort', forward);
      };
    }
    // Once fetch has answered, only a failure of the body's stream is a connection error.
    let fetched = false;
    try {
      // The credential goes on the request sent, after every hook: no object a hook sees carries it.
      const sent = withCredential(request, this.#areaTransport.authorization, this.#hooked);
      let fetchInit: RequestInit | undefined = HAS_SIGNAL_ANY ? init : { ...init, signal };
      if (REQUEST_INIT.some(polluted)) {
        fetchInit = ownProperties(fetchInit ?? {});
        fetchInit.method = sent.method;
        fetchInit.headers = sent.headers;
      }
      const fetchOption = this.#context.settings.fetch;
      const response = await (fetchOption ? fetchOption(sent, fetchInit) : globalThis.fetch(sent, fetchInit));
      fetched = true;
      const text =
        response.type === 'opaqueredirect'
          ? ''
          : await this.#read(
              response,
              fetchOption || !HAS_SIGNAL_ANY || this.#signal || this.#totalTimeout ? signal : undefined,
            );
      const result = this.#hooked ? unread(response, text) : response;
      const asked = isRetryStatus(response.status)
        ? parseRetryAfter(response.headers.get('retry-after'), Date.now())
        : undefined;
      // Clients told the same wait would come back together: it is made a little later.
      this.#retryAfterMs = asked === undefined ? undefined : retryAfterJitter(asked, this.#context.random);
      this.#response = result;
      this.#text = text;
      if (this.#context.logger.enabled('debug')) {
        this.#context.logger.log('debug', `${response.status} in ${Date.now() - this.#attemptStarted}ms`, {
          requestId: requestIdOf(response.headers),
        });
      }
      noteDeprecation(this.#context, this.#spec.method, this.#spec.template, response.headers);
      this.#channel?.observe?.(response);
      return result;
    } catch (cause) {
      throw this.#attemptFailure(cause, fetched);
    } finally {
      this.#attemptEnded = Date.now();
      release?.();
    }
  };

  /** Puts back what a hook may have changed: the area's host and headers, the call's key (the credential is set after every hook, by `withCredential`). */
  #reassert(request: Request): void {
    const { area, origin } = this.#areaTransport;
    if (!request.url.startsWith(origin)) {
      throw new ConfigurationError(
        `A hook sent the request to another host; client.${area}'s credential only goes to ` +
          `${origin}. Nothing was sent: change the hook to keep the URL's host.`,
        'hooks',
      );
    }
    if (this.#serviceVersion) request.headers.set('service-version', this.#serviceVersion);
    if (this.#idempotencyKey) request.headers.set('idempotency-key', this.#idempotencyKey);
  }

  /**
   * What an attempt that did not answer throws: the SDK's own errors and the caller's abort as
   * they are, our own failure (a RangeError, a bug) as it is, never retried as the network's; a
   * network failure as an `APIConnectionError` ky may retry.
   */
  #attemptFailure(cause: unknown, fetched: boolean): unknown {
    this.#retryAfterMs = undefined;
    if (cause instanceof GatewayError) return cause;
    if (this.#signal?.aborted) return this.#abortFailure();
    if (fetched && !isNetworkFailure(cause)) return cause;
    const clean = (text: string) => scrub(cleanText(text), [this.#areaTransport.credential]);
    // An undici failure's reason is in its cause's `code` (ECONNREFUSED), so the message names it.
    const code = (cause as { cause?: { code?: unknown } } | undefined)?.cause?.code;
    const reason =
      cause instanceof Error
        ? clean(typeof code === 'string' ? `${cause.message}: ${code}` : cause.message)
        : 'unknown error';
    // The cause is a sanitized copy: undici's errors keep raw response bytes (internal/scrub.ts).
    return new APIConnectionError({
      area: this.#areaTransport.area,
      reason,
      idempotencyKey: this.#idempotencyKey,
      cause: safeCause(cause, clean),
    });
  }

  /**
   * The answer's body within `maxResponseBytes` (internal/body.ts), with what an answer over it
   * throws; the read cut short when `signal` fires.
   */
  #read(response: Response, signal?: AbortSignal): Promise<string> {
    const limit = this.#context.settings.maxResponseBytes;
    return readBody(
      response,
      limit,
      () =>
        new ResponseTooLargeError(limit, response.status, this.#scrubbedId(response), this.#idempotencyKey),
      signal,
    );
  }

  /** The answer's request id with the area's credential scrubbed, for an error about the answer. */
  #scrubbedId(response: Response): string | undefined {
    return scrub(requestIdOf(response.headers) ?? '', [this.#areaTransport.credential]) || undefined;
  }

  /**
   * ky's `shouldRetry` for this call, which decides every retry but of ky's own NetworkError
   * (`undefined`: ky retries it, and throws anything else, an abort or a hook's error, as it is):
   * a connection failure (`fetch` reports one as an APIConnectionError) but the SDK's timeouts, a
   * retried status (internal/retry.ts), an attempt ky timed out. A 409 saying the key was used
   * with another body (its code `idempotency_key_reused`) fails the same way on every attempt:
   * retrying only adds waits before the same IdempotencyKeyReusedError. Its body is the one this
   * call read (ky may hand on a consumed response). A pace's own retry wait (channel.ts
   * `Pace.retry`) runs here when ky retries: the wait ky would make, then the pacer's, outside any
   * attempt's timeout.
   */
  readonly #shouldRetry = ({
    error,
    retryCount,
  }: ShouldRetryState): boolean | undefined | Promise<boolean> => {
    // ky's HTTPError is told by name, as ky's own guard does: a hook may throw one of its own.
    const response = isHTTPError(error) ? (error as Partial<HTTPError>).response : undefined;
    const status = response?.status;
    const verdict =
      error instanceof APIConnectionError
        ? !(error instanceof APIConnectionTimeoutError)
        : status !== undefined
          ? isRetryStatus(status) &&
            !(status === 409 && response === this.#response && isIdempotencyKeyReuse(parseJson(this.#text)))
          : isTimeoutError(error) || undefined;
    const pace = this.#channel?.pace;
    return pace?.retry && verdict
      ? pace.retry(this.#delay(retryCount), this.#signal, this.#left()).then(() => (this.#waited = true))
      : verdict;
  };

  /**
   * ky's `delay` for this call's retry `n` (from 1): what the last response's `Retry-After` asked
   * for, within 60 s and with its jitter, else the backoff. ky applies no jitter of its own here:
   * its `jitter` would spread a `Retry-After` wait too.
   */
  readonly #delay = (n: number): number =>
    this.#waited ? ((this.#waited = false), 0) : (this.#retryAfterMs ?? backoff(n, this.#context.random));

  /** The SDK's `beforeRetry` hook: stops a call that has ended, and logs the retry at info. */
  readonly #beforeRetry = (state: BeforeRetryState): KyStop | undefined => {
    if (this.#signal?.aborted) return this.#areaTransport.stop;
    if (this.#context.logger.enabled('info')) {
      const failure = this.#failureNow(state.error);
      this.#context.logger.log(
        'info',
        `${
          failure instanceof APIError
            ? maskText(failure.message)
            : failure instanceof Error
              ? failure.message
              : String(failure)
        } ` +
          `Retrying after ${Math.max(0, Date.now() - (this.#attemptEnded ?? this.#attemptStarted + this.#timeout))}ms ` +
          `(retry ${state.retryCount} of ${this.#maxRetries}).`,
      );
    }
    return undefined;
  };

  /** Milliseconds left of the whole call's `totalTimeout`, counted from its start; none without one. */
  #left(): number | undefined {
    return this.#totalTimeout && this.#totalTimeout - (now() - this.#started);
  }

  /** The typed error for the caller's signal having fired. */
  #abortFailure(): GatewayError {
    return new APIUserAbortError({ idempotencyKey: this.#idempotencyKey, cause: this.#signal?.reason });
  }

  /** Maps what ky rejected with to the SDK's hierarchy; an error thrown by a user's hook is left as it is. */
  #failureNow(error: unknown): unknown {
    if (error instanceof GatewayError) return error;
    if (this.#signal?.aborted) return this.#abortFailure();
    if (isHTTPError(error)) {
      const response = error.response;
      const text = response === this.#response ? this.#text : '';
      const { area, credential, credentialOption } = this.#areaTransport;
      const secrets = [credential, encodeURIComponent(credential)];
      // Everything the service sent is scrubbed, as it may echo the credential anywhere: the
      // status line, the body in any JSON escape, any header (Set-Cookie, Location, a request id).
      const headers = new Headers();
      for (const [name, value] of response.headers) headers.append(name, scrub(value, secrets));
      const kept = scrubBody(text, secrets);
      return errorForStatus(
        {
          // A browser reports a redirect not followed as an opaque response with status 0.
          status: response.type === 'opaqueredirect' ? 302 : response.status,
          headers,
          ...kept,
          requestId: requestIdOf(headers),
          idempotencyKey: this.#idempotencyKey,
          retryAfterMs: parseRetryAfter(headers.get('retry-after'), Date.now()),
          statusText: scrub(response.statusText, secrets),
          credentialOption,
          area,
          attempts: this.#attempts,
          serviceVersion: this.#serviceVersion,
        },
        // A body too large to keep still gives its code and message (scrubbed, cut).
        kept.bodyWithheld ? withheldFields(text, secrets) : undefined,
      );
    }
    if (isTimeoutError(error)) {
      // ky throws the same TimeoutError for both limits; the whole call's is spent when the
      // deadline, counted on ky's clock from before ky's own start, has passed.
      const total = this.#totalTimeout;
      // Not ky's TimeoutError as the cause: it holds the Request, Authorization header included.
      const whole = total && now() - this.#started >= total;
      return new APIConnectionTimeoutError({
        limit: whole ? 'totalTimeout' : 'timeout',
        timeoutMs: whole ? total : this.#timeout,
        idempotencyKey: this.#idempotencyKey,
      });
    }
    return error;
  }
}

/** A copy of a response whose body was already read, for hooks that read it again. */
function unread(response: Response, text: string): Response {
  // A null-body status (204, 304) refuses even an empty body. The response is its own init: its
  // status, statusText and headers are what a ResponseInit is read for.
  const copy = new Response(text === '' ? null : text, response);
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}

/** The service's request id: `x-request-id`, else `request-id`. */
function requestIdOf(headers: Headers): string | undefined {
  return headers.get('x-request-id') || headers.get('request-id') || undefined;
}

/** The Idempotency-Key set through `headers`, in any spelling (settings.ts checked they agree). */
function headerKey(headers: Record<string, string> | undefined): string | undefined {
  if (headers) for (const name in headers) if (name.toLowerCase() === 'idempotency-key') return headers[name];
  return undefined;
}
