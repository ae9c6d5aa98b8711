// One logical call: key → attempts (send, read, classify) → typed value or typed error. Input is
// validated by the resource before this runs, so a bad call never reaches the network.
import type { z } from 'zod/mini';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  type APIError,
  errorForStatus,
  type GatewayError,
  ValidationError,
} from './errors.js';
import { idempotencyKeyFor } from './idempotency.js';
import { headerProblem, isIntIn, MAX_RETRIES_RANGE, TIMEOUT_RANGE } from './options.js';
import { scrub, type SafeLogger } from './logger.js';
import { isRetryableStatus, parseRetryAfter, retryDelay, sleep } from './retry.js';
import { parseOutput } from './schema.js';
import type { Area, AreaTransport, Transport } from './transport.js';

/**
 * Options every method takes as its last argument.
 *
 * @example await client.sms.messages.create(params, { idempotencyKey: order.id, timeout: 10_000 })
 */
export interface RequestOptions {
  /** Milliseconds allowed for each attempt, reading the body included. @default the client's `timeout` (60000) */
  timeout?: number;
  /** Retries after the first attempt. @default the client's `maxRetries` (2) */
  maxRetries?: number;
  /** Cancels the call, including any wait between retries; it rejects with `APIUserAbortError`. */
  signal?: AbortSignal;
  /** Extra headers for this request only. */
  headers?: Record<string, string>;
  /** `Idempotency-Key` for a POST (at most 255 characters). @default a UUID v4 generated once per call */
  idempotencyKey?: string;
}

/** A resolved call: the parsed value, the raw `Response` (body already read) and the service's request id. */
export interface WithResponse<T> {
  /** The parsed value, the same the call resolves to. */
  data: T;
  /** The raw `Response`; its body has already been read. */
  response: Response;
  /** The service's request id (`x-request-id` or `request-id`), to quote to support. */
  requestId: string | undefined;
}

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

/** The client's settings the pipeline reads on each call. */
export interface PipelineConfig {
  transport: Transport;
  timeout: number;
  maxRetries: number;
  logger: SafeLogger;
  /** Source of jitter; tests inject a fixed one. */
  random: () => number;
}

const REQUEST_ID_HEADERS = ['x-request-id', 'request-id'];

/** Sends one logical call with the contract's retry policy. */
export async function send<S extends z.ZodMiniType>(
  config: PipelineConfig,
  spec: RequestSpec<S>,
  options?: RequestOptions | null,
): Promise<WithResponse<z.output<S>>> {
  const opts = options ?? {};
  checkOptions(opts);
  const area = config.transport.get(spec.area) ?? config.transport.open(spec.area);
  const idempotencyKey = spec.method === 'POST' ? idempotencyKeyFor(opts.idempotencyKey) : undefined;
  const maxRetries = opts.maxRetries ?? config.maxRetries;
  const timeout = opts.timeout ?? config.timeout;
  const signal = opts.signal;
  const input = spec.path + queryString(spec.query);
  const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  const headers: Record<string, string> = {};
  // Lower-cased, so the area's headers are replaced whatever the caller's spelling.
  if (opts.headers !== undefined)
    for (const name of Object.keys(opts.headers)) headers[name.toLowerCase()] = opts.headers[name] as string;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  const log = config.logger;
  const abortError = () =>
    new APIUserAbortError('The request was aborted by its AbortSignal; nothing more will be attempted.', {
      cause: signal?.reason,
      idempotencyKey,
    });

  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw abortError();
    if (log.enabled('debug')) {
      log.log('debug', `${spec.method} ${input} (attempt ${attempt + 1} of ${maxRetries + 1})`, {
        area: spec.area,
        idempotencyKey,
        body: spec.body,
      });
    }
    const started = Date.now();
    let outcome: { response: Response; text: string } | GatewayError;
    try {
      outcome = await attemptOnce(area, input, spec.method, headers, body, timeout, signal, idempotencyKey);
    } catch (error) {
      if (error instanceof APIUserAbortError) throw error;
      if (!(error instanceof APIConnectionError)) throw error;
      outcome = error;
    }

    let failure: GatewayError;
    let retryAfterMs: number | undefined;
    if (outcome instanceof Error) {
      failure = outcome;
    } else {
      const { response, text } = outcome;
      const requestId = requestIdOf(response.headers);
      if (log.enabled('debug'))
        log.log('debug', `${response.status} in ${Date.now() - started}ms`, { requestId });
      if (response.status >= 200 && response.status < 300) {
        const credential = area.credential;
        // `text` is read only to build an error: scrubbing it lazily spares every good response a scan.
        const ctx = {
          status: response.status,
          get text() {
            return scrub(text, [credential]);
          },
          requestId,
          idempotencyKey,
        };
        const data = parseOutput(spec.response, parseJson(text), ctx);
        return { data, response, requestId };
      }
      retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
      failure = apiError(area, response, text, requestId, idempotencyKey, retryAfterMs, attempt);
      if (!isRetryableStatus(response.status)) throw failure;
    }

    if (attempt >= maxRetries) throw failure;
    const delay = retryDelay(attempt, retryAfterMs, config.random);
    if (log.enabled('info'))
      log.log('info', `${failure.message} Retrying in ${delay}ms (retry ${attempt + 1} of ${maxRetries}).`);
    await sleep(delay, signal, abortError);
  }
}

/**
 * Per-call options from JavaScript callers are unchecked by the types: a `maxRetries` of NaN
 * (e.g. `Number(process.env.RETRIES)` unset) would retry forever, a NaN `timeout` would time out
 * at once, and a bad header would fail as a connection error and be retried. Same ranges as the
 * client's options; messages name the header, never its value (it may hold a token).
 */
function checkOptions(opts: RequestOptions): void {
  if (typeof opts !== 'object') throw invalidOption([], 'must be an object such as { timeout: 10000 }');
  const { timeout, maxRetries, signal, headers } = opts;
  if (timeout !== undefined && !isIntIn(timeout, TIMEOUT_RANGE)) {
    throw invalidOption(
      ['timeout'],
      `must be an integer from ${TIMEOUT_RANGE[0]} to ${TIMEOUT_RANGE[1]} (milliseconds)`,
    );
  }
  if (maxRetries !== undefined && !isIntIn(maxRetries, MAX_RETRIES_RANGE)) {
    throw invalidOption(
      ['maxRetries'],
      `must be an integer from ${MAX_RETRIES_RANGE[0]} to ${MAX_RETRIES_RANGE[1]}`,
    );
  }
  if (
    signal !== undefined &&
    !(
      typeof signal === 'object' &&
      signal !== null &&
      typeof signal.aborted === 'boolean' &&
      typeof signal.addEventListener === 'function'
    )
  ) {
    throw invalidOption(['signal'], 'must be an AbortSignal');
  }
  if (headers !== undefined) {
    if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
      throw invalidOption(['headers'], 'must be an object of header names to string values');
    for (const name in headers) {
      if (!Object.hasOwn(headers, name)) continue;
      const problem = headerProblem(name, headers[name]);
      if (problem !== undefined) throw invalidOption(['headers', name], problem);
    }
  }
}

function invalidOption(path: string[], problem: string): ValidationError {
  const where = path.length === 0 ? 'request options' : `options.${path.join('.')}`;
  return new ValidationError(`${where} ${problem}. Nothing was sent.`, [{ path, message: problem }]);
}

/** One attempt: fetch and read the whole body under a single per-attempt timer. */
async function attemptOnce(
  area: AreaTransport,
  input: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeout: number,
  signal: AbortSignal | undefined,
  idempotencyKey: string | undefined,
): Promise<{ response: Response; text: string }> {
  const controller = new AbortController();
  let timedOut = false;
  // Set while the body is being read: not every fetch (custom ones, mocks) ties the request's
  // signal to the response body, and a body that never ends must not outlive the timeout.
  let stopReading: ((reason: unknown) => void) | undefined;
  const abort = (reason?: unknown) => {
    controller.abort(reason);
    stopReading?.(controller.signal.reason);
  };
  // The timer also covers reading the body, so a response that never ends cannot hang the call.
  const timer = setTimeout(() => {
    timedOut = true;
    abort();
  }, timeout);
  const forwardAbort = () => abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await area.fetch(input, { method, headers, body, signal: controller.signal });
    let text = '';
    if (response.type !== 'opaqueredirect') {
      text = await new Promise<string>((resolve, reject) => {
        stopReading = (reason) => {
          reject(reason);
          response.body?.cancel().catch(() => undefined);
        };
        if (controller.signal.aborted) stopReading(controller.signal.reason);
        else response.text().then(resolve, reject);
      });
    }
    return { response, text };
  } catch (cause) {
    if (signal?.aborted) {
      throw new APIUserAbortError(
        'The request was aborted by its AbortSignal; nothing more will be attempted.',
        { cause, idempotencyKey },
      );
    }
    if (timedOut) {
      throw new APIConnectionTimeoutError(
        `No complete response within ${timeout}ms. Raise \`timeout\` if the service is slow${idempotencyKey ? '; retrying with the same idempotencyKey cannot send twice' : ''}.`,
        { idempotencyKey },
      );
    }
    const reason = cause instanceof Error ? scrub(describeCause(cause), [area.credential]) : 'unknown error';
    throw new APIConnectionError(
      `Could not reach the ${area.area} API (${reason}). Check the network and the address option${idempotencyKey ? '; retrying with the same idempotencyKey cannot send twice' : ''}.`,
      { cause, idempotencyKey },
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

function describeCause(error: Error): string {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message}: ${code}` : error.message;
}

function apiError(
  area: AreaTransport,
  response: Response,
  text: string,
  requestId: string | undefined,
  idempotencyKey: string | undefined,
  retryAfterMs: number | undefined,
  attempt: number,
): APIError {
  const safeText = scrub(text, [area.credential]);
  const body = parseJson(safeText);
  const { code, message } = errorFields(body);
  const status = response.type === 'opaqueredirect' ? 302 : response.status;
  const detail =
    message ??
    (typeof body === 'string' && body.length > 0 && body.length <= 200 ? body : response.statusText);
  const summary = `${status}${code ? ` ${code}` : ''}${detail ? `: ${detail.replace(/\.$/, '')}` : ''}.`;
  return errorForStatus({
    status,
    headers: response.headers,
    body,
    code,
    requestId,
    idempotencyKey,
    retryAfterMs,
    message: `${summary} ${hint(status, area, idempotencyKey, retryAfterMs, attempt)}`.trim(),
  });
}

/** What to do next, by status. */
function hint(
  status: number,
  area: AreaTransport,
  key: string | undefined,
  retryAfterMs: number | undefined,
  attempt: number,
): string {
  const tries = attempt > 0 ? ` (after ${attempt + 1} attempts)` : '';
  const sameKey = key ? ' with the same idempotencyKey, which cannot send twice' : '';
  if (status >= 300 && status < 400)
    return 'Redirects are not followed, so credentials stay on the configured host: update the address option.';
  if (status === 401 || status === 403)
    return `Check the \`${area.credentialOption}\` option for client.${area.area}.`;
  if (status === 404) return 'Check the id and the address option.';
  if (status === 409)
    return `The Idempotency-Key was reused with another body, or its first request is still running${tries}: use a new key for a new request.`;
  if (status === 429)
    return `Rate limited${tries}: wait${retryAfterMs === undefined ? '' : ` ${Math.ceil(retryAfterMs / 1000)}s`}, then retry.`;
  if (status >= 500 || status === 408) return `The service failed${tries}: retry later${sameKey}.`;
  return 'Fix the request: retrying it unchanged fails the same way.';
}

/** Reads `code` and `message` from `{ error: { code, message } }` or `{ code, message }`. */
function errorFields(body: unknown): { code: string | undefined; message: string | undefined } {
  if (body === null || typeof body !== 'object') return { code: undefined, message: undefined };
  const source = (body as { error?: unknown }).error;
  const fields = (source !== null && typeof source === 'object' ? source : body) as {
    code?: unknown;
    message?: unknown;
  };
  return {
    code: typeof fields.code === 'string' ? fields.code : undefined,
    message:
      typeof fields.message === 'string' ? fields.message : typeof source === 'string' ? source : undefined,
  };
}

function requestIdOf(headers: Headers): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}

/** JSON when it parses, the text itself when not (an HTML error page, a truncated body). */
function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function queryString(query: Record<string, string | number | undefined> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.append(key, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
