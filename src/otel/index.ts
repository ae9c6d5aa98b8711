// The entry `gateway-sdk/otel`: OpenTelemetry traces and metrics for a Client's calls and a webhook
// handler's deliveries. The one module of the package that imports `@opentelemetry/api` (an
// optional peer), so `gateway-sdk` and `gateway-sdk/webhooks` never meet it. Everything is built on
// the SDK's public hook points (ky hooks per call, the handler's `telemetry`), plus the call's
// channel, which a copied options object must keep (a batch helper's pacer rides on it).
import {
  type Attributes,
  context,
  type Context,
  createNoopMeter,
  isSpanContextValid,
  type Histogram,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import type { Client } from '../client.js';
import type { Hooks } from '../core/hooks.js';
import type { RequestOptions } from '../core/options.js';
import { channelOf, withChannel } from '../internal/channel.js';
import { scopeOf, type TelemetryOptions } from './scope.js';

export { webhookTelemetry, type WebhookTelemetryOptions } from './webhooks.js';
export type { TelemetryOptions } from './scope.js';

/** The instruments of one instrumented client, shared by its `withOptions` children. */
interface Instruments {
  tracer: Tracer;
  /** `http.client.request.duration`: one value per HTTP attempt, in seconds. */
  attempts: Histogram;
  /** `gateway_sdk.client.operation.duration`: one value per call, with its operation and outcome. */
  calls: Histogram;
  /** `gateway_sdk.pacer.wait.duration`: how long a batch send waited for its pacer. */
  waits: Histogram;
  /** No meter is registered: a call with no trace to record or pass on is sent as it is. */
  quiet: boolean;
}

const seconds = (since: number): number => (performance.now() - since) / 1000;

/** The class name of what a call failed with (`RateLimitError`), as semconv's `error.type` wants. */
const errorType = (error: unknown): string => (error instanceof Error ? error.name : typeof error);

/**
 * A client whose every call is traced: a span per call named after its operation
 * (`sms.messages.create`), a CLIENT span per HTTP attempt under it with OpenTelemetry's HTTP client
 * attributes, the trace context injected on every attempt through the registered propagator, and
 * the `http.client.request.duration` and `gateway_sdk.client.operation.duration` metrics. Nothing
 * recorded holds a credential, a phone number or a message body. With no OpenTelemetry SDK
 * registered every span and instrument is a no-op.
 *
 * @example
 * import { instrument } from 'gateway-sdk/otel';
 * const client = instrument(new Client());
 */
export function instrument(client: Client, options: TelemetryOptions = {}): Client {
  const { tracer, meter } = scopeOf(options);
  const calls = meter.createHistogram('gateway_sdk.client.operation.duration', { unit: 's' });
  return wrapClient(client, {
    tracer,
    calls,
    quiet: calls === createNoopMeter().createHistogram(''),
    attempts: meter.createHistogram('http.client.request.duration', { unit: 's' }),
    waits: meter.createHistogram('gateway_sdk.pacer.wait.duration', { unit: 's' }),
  });
}

type Method = (...args: unknown[]) => unknown;

/**
 * The client seen through Proxies: every resource's `_request` and `_list`, which each method calls
 * with its operation's id, its arguments and its options, traced; `withOptions` instrumented too;
 * everything else the client's own (the client's methods called on the client itself, whose
 * private fields a Proxy cannot reach).
 */
function wrapClient(client: Client, instruments: Instruments): Client {
  const views = new WeakMap<object, object>();
  const view = <T extends object>(target: T): T => {
    let seen = views.get(target);
    if (seen === undefined)
      views.set(
        target,
        (seen = new Proxy(target, {
          get(object, key) {
            const value: unknown = Reflect.get(object, key, object);
            if (key === '_request' || key === '_list')
              return traced(key === '_list', (value as Method).bind(object), instruments);
            if (object === client) {
              if (key === 'withOptions')
                return (overrides: Parameters<Client['withOptions']>[0]) =>
                  wrapClient(client.withOptions(overrides), instruments);
              if (typeof value === 'function') return (value as Method).bind(object);
            }
            // Areas and resources (never the SDK's own `_` members): their methods run on the view,
            // so that the `this._request` they call is the traced one.
            return typeof value === 'object' && value !== null && typeof key === 'string' && key[0] !== '_'
              ? view(value)
              : value;
          },
        })),
      );
    return seen as T;
  };
  return view(client);
}

/** A resource's `_request` or `_list`, each call in a span of its own named after its operation. */
function traced(list: boolean, method: Method, instruments: Instruments): Method {
  return (id: unknown, args: unknown, given: unknown) => {
    const operation = String(id);
    const started = performance.now();
    const span = instruments.tracer.startSpan(operation, {
      attributes: { 'gateway_sdk.operation': operation },
    });
    // The API's no-op tracer (no SDK registered) gives no valid trace: nothing to record or propagate.
    if (instruments.quiet && !isSpanContextValid(span.spanContext())) return method(id, args, given);
    const parent = trace.setSpan(context.active(), span);
    const attempt = attempts(span, parent, pathValues(args), instruments);
    let options: unknown = given;
    try {
      const own = given as RequestOptions | undefined;
      const copy: RequestOptions = { ...own, hooks: withAttemptHooks(own?.hooks, attempt.hooks) };
      // A batch helper's channel rides on its options object (internal/channel.ts): the copy keeps
      // it, with the pacer's waits recorded.
      const channel = channelOf(given);
      if (channel !== undefined) withChannel(copy, timedPace(channel, span, instruments));
      options = copy;
    } catch {
      // Options the SDK will refuse (a getter that throws): the call reports them as it would
      // untraced, and the span records the refusal.
    }
    let ended = false;
    const end = (error?: unknown): void => {
      if (ended) return;
      ended = true;
      attempt.close(undefined, error === undefined ? undefined : errorType(error));
      const outcome = error === undefined ? 'success' : errorType(error);
      if (error !== undefined) {
        span.setAttribute('error.type', outcome);
        const requestId = (error as { requestId?: unknown }).requestId;
        if (typeof requestId === 'string') span.setAttribute('gateway_sdk.request_id', requestId);
        span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
      }
      instruments.calls.record(seconds(started), {
        'gateway_sdk.operation': operation,
        'gateway_sdk.outcome': outcome,
      });
      span.end();
    };
    // `_request` and `_list` never throw: a refusal is their promise's rejection.
    const result = method(id, args, options);
    return list ? walked(result as Walk, end) : settled(result as Single, span, end);
  };
}

/** The part of an APIPromise that tells when its call has settled. */
interface Single {
  withResponse(): Promise<{ requestId: string | undefined }>;
}

/** A single call's span ends when it settles, with the service's request id. */
function settled(promise: Single, span: Span, end: (error?: unknown) => void): Single {
  promise.withResponse().then(
    ({ requestId }) => {
      if (requestId !== undefined) span.setAttribute('gateway_sdk.request_id', requestId);
      end();
    },
    (error: unknown) => end(error),
  );
  return promise;
}

/** The parts of a PagePromise that start a walk (`toArray()` walks `iterPages()`). */
interface Walk {
  withResponse(): Promise<unknown>;
  [Symbol.asyncIterator](): AsyncIterator<unknown>;
  iterPages(): AsyncIterator<unknown>;
}

/**
 * A walk's span covers every page the walk reads: `for await`, `iterPages()` and `toArray()` end it
 * when they stop; awaited alone, the list ends it with the first page. Nothing is sent before the
 * list is awaited or iterated (a PagePromise is lazy), and nothing here starts it.
 */
function walked(pages: Walk, end: (error?: unknown) => void): Walk {
  let walking = false;
  const withResponse = pages.withResponse.bind(pages);
  const iterate =
    (start: () => AsyncIterator<unknown>) => (): AsyncIterator<unknown> & AsyncIterable<unknown> => {
      walking = true;
      const iterator = start();
      const step = (promise: Promise<IteratorResult<unknown>>) =>
        promise.then(
          (result) => (result.done && end(), result),
          (error: unknown) => {
            end(error);
            throw error;
          },
        );
      return {
        next: () => step(iterator.next()),
        return: (value?: unknown) => (
          end(),
          iterator.return?.(value) ?? Promise.resolve({ done: true, value })
        ),
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    };
  return Object.assign(pages, {
    withResponse: () => {
      const first = withResponse();
      if (!walking) first.then(() => end(), end);
      return first;
    },
    [Symbol.asyncIterator]: iterate(pages[Symbol.asyncIterator].bind(pages)),
    iterPages: iterate(pages.iterPages.bind(pages)),
  });
}

/** The caller's hooks with the attempt spans' before them. */
function withAttemptHooks(
  given: Hooks | undefined,
  ours: Required<Pick<Hooks, 'beforeRequest' | 'beforeRetry' | 'afterResponse'>>,
): Hooks {
  const hooks: Hooks = { ...given };
  for (const name of ['beforeRequest', 'beforeRetry', 'afterResponse'] as const)
    hooks[name] = [...ours[name], ...(given?.[name] ?? [])] as never;
  return hooks;
}

/** The path parameters a method handed its operation (`{ path: [{ messageId }] }`), in order. */
const pathValues = (args: unknown): [string, string][] =>
  ((args as { path?: Record<string, unknown>[] } | null)?.path ?? []).flatMap((one) =>
    Object.entries(one).map(([name, value]): [string, string] => [name, encodeURIComponent(String(value))]),
  );

/**
 * The URL's path with each path parameter's segment as `{name}` (`/sms/messages/{messageId}`): a
 * low-cardinality `url.template` that holds no id.
 */
function templateOf(pathname: string, values: [string, string][]): string {
  const segments = pathname.split('/');
  let from = segments.length;
  // Right to left, the last segment that holds each value, in reverse order of the parameters.
  for (const [name, value] of [...values].reverse()) {
    const i = segments.lastIndexOf(value, from - 1);
    if (i > 0) segments[(from = i)] = `{${name}}`;
  }
  return segments.join('/');
}

const headerSetter = { set: (headers: Headers, name: string, value: string) => headers.set(name, value) };

/**
 * One call's HTTP attempts, each a CLIENT span under the call's span, opened before it is sent (the
 * trace context injected into its headers) and closed by its response or, failing one, by the
 * retry or the end of the call.
 */
function attempts(call: Span, parent: Context, values: [string, string][], instruments: Instruments) {
  let open: { span: Span; started: number; attributes: Attributes } | undefined;
  const close = (status: number | undefined, error: string | undefined): void => {
    if (open === undefined) return;
    const { span, started, attributes } = open;
    open = undefined;
    if (status !== undefined) attributes['http.response.status_code'] = status;
    const type = status !== undefined && status >= 400 ? String(status) : error;
    if (type !== undefined) {
      attributes['error.type'] = type;
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.setAttributes(attributes);
    instruments.attempts.record(seconds(started), attributes);
    span.end();
  };
  const start = (request: Request, resend: number): void => {
    const url = new URL(request.url);
    const template = templateOf(url.pathname, values);
    const attributes: Attributes = {
      'http.request.method': request.method,
      'url.template': template,
      'server.address': url.hostname,
    };
    // Semantic conventions: only a port other than the scheme's default.
    if (url.port) attributes['server.port'] = Number(url.port);
    if (resend > 0) attributes['http.request.resend_count'] = resend;
    const span = instruments.tracer.startSpan(
      `${request.method} ${template}`,
      { kind: SpanKind.CLIENT, attributes },
      parent,
    );
    propagation.inject(trace.setSpan(parent, span), request.headers, headerSetter);
    // The key the SDK set before the first attempt (never a credential: those are set after hooks).
    const key = request.headers.get('idempotency-key');
    if (key !== null) call.setAttribute('gateway_sdk.idempotency_key', key);
    open = { span, started: performance.now(), attributes };
  };
  return {
    close,
    hooks: {
      beforeRequest: [({ request }: { request: Request }) => start(request, 0)],
      beforeRetry: [
        ({ request, error, retryCount }: { request: Request; error: Error; retryCount: number }) => {
          close(undefined, error.name);
          start(request, retryCount);
        },
      ],
      afterResponse: [({ response }: { response: Response }) => close(response.status, undefined)],
    },
  };
}

/** A batch helper's channel whose pacer waits are recorded on the send's span and metric. */
function timedPace(channel: NonNullable<ReturnType<typeof channelOf>>, span: Span, instruments: Instruments) {
  const pace = channel.pace;
  if (pace === undefined) return channel;
  return {
    ...channel,
    pace: {
      retriesOnly: pace.retriesOnly,
      acquire(signal?: AbortSignal) {
        const waiting = pace.acquire(signal);
        if (waiting === undefined) return undefined;
        const started = performance.now();
        return waiting.finally(() => {
          const waited = seconds(started);
          span.addEvent('pacer.wait', { 'gateway_sdk.pacer.wait_seconds': waited });
          instruments.waits.record(waited);
        });
      },
    },
  };
}
