// One logical call, as one object: what it sends, its key, its limits, and what ky does not do
// for it. ky runs the attempts, the waits and both timeouts; every attempt passes through
// `Call.fetch`, which (when there are hooks) re-asserts the credential, host and Idempotency-Key
// after every user hook has run, reads the body inside ky's per-attempt timeout, notes
// Deprecation/Sunset headers and the `Retry-After` that `Call.delay` honours.
import type { BeforeRetryState, KyInstance, Options } from 'ky';
import type { z } from 'zod/mini';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  ConfigurationError,
  errorForStatus,
  GatewayError,
  ResponseTooLargeError,
} from '../core/errors.js';
// issue 26: the bounded body reader, and what a connection error keeps of its cause.
import { isNetworkFailure, readBody } from './body.js';
import { safeCause, scrub, scrubBody, scrubText } from './scrub.js';
import { parseJson, queryString, wireJson } from './encoding.js';
import { noteDeprecation } from './deprecation.js';
import { cleanText } from '../core/text.js';
import { idempotencyKeyFor } from './idempotency.js';
import { maskText } from './safe-logger.js';
import type { RequestOptions } from '../core/options.js';
import { type InternalRequestOptions, OBSERVE_RESPONSE } from './settings.js';
import {
  backoff,
  isHTTPError,
  parseRetryAfter,
  RETRY_OPTIONS,
  RETRY_STATUSES,
  retryAfterJitter,
} from './retry.js';
import { parseOutput } from './schema.js';
import { HAS_SIGNAL_ANY, now } from './runtime.js';
import { type CallHooks, type KyStop, withOwnHook } from './call-hooks.js';
import { WAIT_ONLY_HOOKS, type WaitOnlyHooksOptions } from './wait-only-hooks.js';
import { attachCallSite, type CallSite } from './call-site.js';
import type { Area, AreaTransport, TransportContext } from './transport.js';

/** What a resource asks for; everything in it has already been validated. */
export interface RequestSpec<S extends z.ZodMiniType> {
  area: Area;
  method: 'GET' | 'POST';
  /** Relative to the area's address, parameters already encoded (see `path`). */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Schema of a 2xx body. */
  response: S;
}

/** One call in flight: created per method call, dropped when it settles. */
export class Call implements CallHooks {
  readonly idempotencyKey: string | undefined;
  readonly timeout: number;
  readonly maxRetries: number;
  /** Milliseconds for the whole call (ky's `totalTimeout`), if any. */
  readonly totalTimeout: number | undefined;
  /** The caller's signal. */
  readonly signal: AbortSignal | undefined;
  /** Relative URL of the request, query included. */
  readonly input: string;
  attempts = 0;
  /** When the call started, on ky's clock, so the whole-call deadline counts from here. */
  readonly #started: number;
  /** The last response read by `fetch`, and its text: read once, inside the attempt's timeout. */
  #response: Response | undefined;
  #text = '';
  /** The wait a retried status's `Retry-After` asks for, jitter included, for `delay`. */
  #retryAfterMs: number | undefined;
  /** The body as it goes on the wire, serialized once before any I/O. */
  readonly #json: string | undefined;
  #attemptStarted = 0;
  #attemptEnded: number | undefined;
  /**
   * Whether the client or the call has hooks. Any of them may change the request, so `fetch`
   * re-asserts the host and headers; some may read the answer's body, so `fetch` hands ky an unread copy.
   */
  readonly #hooked: boolean;

  constructor(
    readonly context: TransportContext,
    readonly area: AreaTransport,
    readonly spec: RequestSpec<z.ZodMiniType>,
    readonly options: RequestOptions,
    /** Where the app called the method, appended to the stack of the call's error. */
    readonly site?: CallSite,
    /** When the method was called, on ky's clock: before the engine loaded, on a first call. */
    started = now(),
  ) {
    this.#started = started;
    const { settings } = context;
    this.idempotencyKey =
      spec.method === 'POST'
        ? idempotencyKeyFor(options.idempotencyKey ?? headerKey(options.headers))
        : undefined;
    if (spec.body !== undefined) this.#json = wireJson(spec.body);
    this.timeout = options.timeout ?? settings.timeout;
    this.maxRetries = options.maxRetries ?? settings.maxRetries;
    this.input = spec.path + queryString(spec.query);
    this.#hooked =
      settings.hooks !== undefined ||
      (options.hooks !== undefined && (options as WaitOnlyHooksOptions)[WAIT_ONLY_HOOKS] !== true);
    this.totalTimeout = options.totalTimeout ?? settings.totalTimeout;
    this.signal = options.signal;
  }

  /** Runs the call through the area's ky instance: the parsed value and its response, or a typed error. */
  async run<S extends z.ZodMiniType>(
    schema: S,
  ): Promise<{ data: z.output<S>; response: Response; requestId: string | undefined }> {
    try {
      if (this.signal?.aborted) throw this.abortFailure();
      const response = await this.#send(this.area.ky);
      const text =
        response === this.#response
          ? this.#text
          : await readBody(response, this.context.settings.maxResponseBytes, this.#tooLarge(response));
      const requestId = requestIdOf(response.headers);
      // Built only for an error: every good response is spared the scrubbing scans.
      const context = () => {
        const credential = this.area.credential;
        return {
          status: response.status,
          idempotencyKey: this.idempotencyKey,
          text: scrubText(text, [credential]),
          requestId: requestId && scrub(requestId, [credential]),
        };
      };
      return { data: parseOutput(schema, parseJson(text), context), response, requestId };
    } catch (error) {
      const failure = await this.#failure(error);
      throw this.site === undefined ? failure : attachCallSite(failure, this.site);
    }
  }

  #send(send: KyInstance): Promise<Response> {
    const { spec, options } = this;
    const init: Options = {
      method: spec.method,
      context: { call: this },
      fetch: this.fetch,
      // The whole of it: the area's instance has none, so ky takes this one as it is.
      retry: { ...RETRY_OPTIONS, limit: this.maxRetries, delay: this.delay },
    };
    const total = this.totalTimeout;
    // ky's deadline starts with ky's request; the call's started before (the first call loads the engine).
    if (total !== undefined) init.totalTimeout = Math.max(1, total - (now() - this.#started));
    const json = this.#json;
    const key = this.idempotencyKey;
    // Lower-cased, so the area's headers are replaced whatever the caller's spelling.
    const headers: Record<string, string> = {};
    if (json !== undefined) {
      // The text checked up front, with the header ky adds for `json`. ky 2 shows its hooks the
      // body, never `json`, so they see the same either way; this is two options fewer for ky to
      // merge on every call.
      init.body = json;
      headers['content-type'] = 'application/json';
    }
    if (options.headers !== undefined)
      for (const name of Object.keys(options.headers))
        headers[name.toLowerCase()] = options.headers[name] as string;
    if (key !== undefined) headers['idempotency-key'] = key;
    if (json !== undefined || options.headers !== undefined || key !== undefined) init.headers = headers;
    if (options.timeout !== undefined) init.timeout = options.timeout;
    const hooks = options.hooks;
    if (hooks !== undefined)
      init.hooks = this.area.ownHook ? (hooks as Options['hooks']) : withOwnHook(hooks);
    const signal = this.signal;
    if (signal === undefined) return send(this.input, init);
    if (HAS_SIGNAL_ANY) {
      init.signal = signal;
      return send(this.input, init);
    }
    // Without AbortSignal.any ky's waits between retries cannot be cut short by the caller: the
    // call ends at once anyway, and `beforeRetry` stops ky when its wait is over.
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(this.abortFailure());
      signal.addEventListener('abort', onAbort, { once: true });
      send(this.input, init).then(resolve, reject);
    });
  }

  /**
   * ky's `fetch`, so it runs on every attempt after every `beforeRequest` hook, the user's
   * included: whatever a hook did, the request goes to this area's host, with its credential and
   * the call's one Idempotency-Key. Reads the whole body here, so ky's per-attempt timeout
   * bounds the read as well as the headers.
   */
  readonly fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    // ky always passes its Request; the type allows a URL.
    const request = input instanceof Request ? input : new Request(input, init);
    const area = this.area;
    const key = this.idempotencyKey;
    // Without user hooks the request is what ky built from the area's options and the call's:
    // nothing else can have changed it, and checking it again would cost every call.
    if (this.#hooked) {
      if (!request.url.startsWith(area.origin)) {
        throw new ConfigurationError(
          `A hook sent the request to another host; client.${area.area}'s credential only goes to ` +
            `${area.origin}. Nothing was sent: change the hook to keep the URL's host.`,
          'hooks',
        );
      }
      const headers = request.headers;
      if (headers.get('authorization') !== area.authorization)
        headers.set('authorization', area.authorization);
      if (area.serviceVersion !== undefined && headers.get('service-version') !== area.serviceVersion)
        headers.set('service-version', area.serviceVersion);
      if (key !== undefined && headers.get('idempotency-key') !== key) headers.set('idempotency-key', key);
    }

    this.attempts++;
    this.#attemptStarted = Date.now();
    this.#attemptEnded = undefined;
    const log = this.context.logger;
    if (log.enabled('debug')) {
      log.log(
        'debug',
        `${request.method} ${this.input} (attempt ${this.attempts} of ${this.maxRetries + 1})`,
        {
          area: area.area,
          idempotencyKey: key,
          body: this.spec.body,
        },
      );
    }

    let signal = request.signal;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unlink: (() => void) | undefined;
    if (!HAS_SIGNAL_ANY) {
      // ky times the attempt out but cannot abort it here: this attempt's own controller does,
      // when the attempt's timeout or what is left of the totalTimeout is spent.
      const controller = new AbortController();
      const left = this.totalTimeout === undefined ? Infinity : this.totalTimeout - (now() - this.#started);
      timer = setTimeout(() => controller.abort(), Math.max(0, Math.min(this.timeout, left)));
      const callSignal = this.signal;
      if (callSignal !== undefined) {
        const forward = () => controller.abort(callSignal.reason);
        if (callSignal.aborted) forward();
        else callSignal.addEventListener('abort', forward, { once: true });
        unlink = () => callSignal.removeEventListener('abort', forward);
      }
      signal = controller.signal;
      init = { ...init, signal };
    }
    const doFetch = this.context.settings.fetch;
    // issue 26: once fetch has answered, only a failure of the body's stream is a connection error.
    let fetched = false;
    try {
      // The global one is looked up per call, so a fetch mock installed later (MSW) still applies,
      // and called on globalThis, as browsers require.
      const response = await (doFetch ? doFetch(request, init) : globalThis.fetch(request, init));
      fetched = true;
      // Not every fetch (custom ones, mocks) ties the body to the request's signal. ky's timeouts
      // end the call regardless; the caller's signal and the totalTimeout need the read cut short.
      const watch = doFetch || !HAS_SIGNAL_ANY || this.signal || this.totalTimeout !== undefined;
      const text =
        response.type === 'opaqueredirect'
          ? ''
          : await readBody(
              response,
              this.context.settings.maxResponseBytes,
              this.#tooLarge(response),
              watch ? signal : undefined,
            );
      const result = this.#hooked ? unread(response, text) : response;
      const asked = RETRY_STATUSES.includes(response.status)
        ? parseRetryAfter(response.headers.get('retry-after'), Date.now())
        : undefined;
      // Clients told the same wait would come back together: it is made a little later.
      this.#retryAfterMs = asked === undefined ? undefined : retryAfterJitter(asked, this.context.random);
      this.#response = result;
      this.#text = text;
      if (log.enabled('debug')) {
        log.log('debug', `${response.status} in ${Date.now() - this.#attemptStarted}ms`, {
          requestId: requestIdOf(response.headers),
        });
      }
      noteDeprecation(this.context, this.spec.method, this.spec.path, response.headers);
      (this.options as InternalRequestOptions)[OBSERVE_RESPONSE]?.(response);
      return result;
    } catch (cause) {
      this.#retryAfterMs = undefined;
      if (cause instanceof GatewayError) throw cause;
      if (this.signal?.aborted) throw this.abortFailure();
      // issue 26: our own failure (a RangeError, a bug) is thrown as it is, never retried as the network's.
      if (fetched && !isNetworkFailure(cause)) throw cause;
      const clean = (text: string) => scrub(cleanText(text), [area.credential]);
      const reason = cause instanceof Error ? clean(describeCause(cause)) : 'unknown error';
      // The cause is a sanitized copy: undici's errors keep raw response bytes (internal/scrub.ts).
      throw new APIConnectionError({
        area: area.area,
        reason,
        idempotencyKey: key,
        cause: safeCause(cause, clean),
      });
    } finally {
      this.#attemptEnded = Date.now();
      clearTimeout(timer);
      unlink?.();
    }
  };

  /** issue 26: what an answer over `maxResponseBytes` throws, for `readBody` (internal/body.ts). */
  #tooLarge(response: Response): () => ResponseTooLargeError {
    const credential = this.area.credential;
    return () =>
      new ResponseTooLargeError(
        this.context.settings.maxResponseBytes,
        response.status,
        scrub(requestIdOf(response.headers) ?? '', [credential]) || undefined,
        this.idempotencyKey,
      );
  }

  bodyOf(response: Response): unknown {
    return response === this.#response ? parseJson(this.#text) : undefined;
  }

  /**
   * ky's `delay` for this call's retry `n` (from 1): what the last response's `Retry-After` asked
   * for, within 60 s and with its jitter, else the backoff. ky applies no jitter of its own here:
   * its `jitter` would spread a `Retry-After` wait too (docs/decisions.md).
   */
  readonly delay = (n: number): number => this.#retryAfterMs ?? backoff(n, this.context.random);

  /** The SDK's `beforeRetry` hook: stops a call that has ended, and logs the retry at info. */
  beforeRetry(state: BeforeRetryState): KyStop | undefined {
    if (this.signal?.aborted) return this.area.stop;
    const log = this.context.logger;
    if (log.enabled('info')) {
      const failure = this.#failureNow(state.error);
      const ended = this.#attemptEnded ?? this.#attemptStarted + this.timeout;
      log.log(
        'info',
        `${
          failure instanceof APIError
            ? maskText(failure.message)
            : failure instanceof Error
              ? failure.message
              : String(failure)
        } ` +
          `Retrying after ${Math.max(0, Date.now() - ended)}ms ` +
          `(retry ${state.retryCount} of ${this.maxRetries}).`,
      );
    }
    return undefined;
  }

  /** The typed error for the caller's signal having fired. */
  abortFailure(): GatewayError {
    return new APIUserAbortError({ idempotencyKey: this.idempotencyKey, cause: this.signal?.reason });
  }

  /** Maps what ky rejected with to the SDK's hierarchy; an error thrown by a user's hook is left as it is. */
  async #failure(error: unknown): Promise<unknown> {
    if (isHTTPError(error) && error.response !== this.#response) {
      // A hook replaced the response: ky 2 read its body into `data` (JSON parsed, else text).
      const data = (error as { data?: unknown }).data;
      this.#response = error.response;
      this.#text = data === undefined ? '' : typeof data === 'string' ? data : JSON.stringify(data);
    }
    return this.#failureNow(error);
  }

  #failureNow(error: unknown): unknown {
    if (error instanceof GatewayError) return error;
    if (this.signal?.aborted) return this.abortFailure();
    const idempotencyKey = this.idempotencyKey;
    if (isHTTPError(error)) {
      const response = error.response;
      const text = response === this.#response ? this.#text : '';
      const area = this.area;
      const secrets = [area.credential, encodeURIComponent(area.credential)];
      // Everything the service sent is scrubbed, as it may echo the credential anywhere: the
      // status line, the body in any JSON escape, any header (Set-Cookie, Location, a request id).
      const headers = new Headers();
      for (const [name, value] of response.headers) headers.append(name, scrub(value, secrets));
      const requestId = requestIdOf(headers);
      return errorForStatus({
        // A browser reports a redirect not followed as an opaque response with status 0.
        status: response.type === 'opaqueredirect' ? 302 : response.status,
        headers,
        body: scrubBody(text, secrets),
        requestId,
        idempotencyKey,
        retryAfterMs: parseRetryAfter(headers.get('retry-after'), Date.now()),
        statusText: scrub(response.statusText, secrets),
        credentialOption: area.credentialOption,
        area: area.area,
        attempts: this.attempts,
      });
    }
    if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
      // ky throws the same TimeoutError for both limits; the whole call's is spent when the
      // deadline, counted on ky's clock from before ky's own start, has passed.
      const total = this.totalTimeout;
      // Not ky's TimeoutError as the cause: it holds the Request, Authorization header included.
      const whole = total !== undefined && now() - this.#started >= total;
      return new APIConnectionTimeoutError({
        limit: whole ? 'totalTimeout' : 'timeout',
        timeoutMs: whole ? total : this.timeout,
        idempotencyKey,
      });
    }
    return error;
  }
}

/** A copy of a response whose body was already read, for hooks that read it again. */
function unread(response: Response, text: string): Response {
  // A null-body status (204, 304) refuses even an empty body.
  const { status, statusText, headers } = response;
  const copy = new Response(text === '' ? null : text, { status, statusText, headers });
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}

function describeCause(error: Error): string {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message}: ${code}` : error.message;
}

/** The service's request id: `x-request-id`, else `request-id`. */
function requestIdOf(headers: Headers): string | undefined {
  return headers.get('x-request-id') || headers.get('request-id') || undefined;
}

/** The Idempotency-Key set through `headers`, in any spelling (settings.ts checked they agree). */
function headerKey(headers: Record<string, string> | undefined): string | undefined {
  if (headers !== undefined)
    for (const name in headers) if (/^idempotency-key$/i.test(name)) return headers[name];
  return undefined;
}
