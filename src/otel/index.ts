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
import type { Hooks, HookState } from '../core/hooks.js';
import type { RequestOptions } from '../core/options.js';
import { type CallChannel, channelOf, withChannel } from '../internal/channel.js';
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

/** Ends a call's span: with the error it failed with, else with the service's request id. */
type End = (error?: unknown, requestId?: string) => void;

const seconds = (since: number): number => (performance.now() - since) / 1000;

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
  const histogram = (name: string) => meter.createHistogram(name, { unit: 's' });
  const calls = histogram('gateway_sdk.client.operation.duration');
  return wrapClient(client, {
    tracer,
    calls,
    quiet: calls === createNoopMeter().createHistogram(''),
    attempts: histogram('http.client.request.duration'),
    waits: histogram('gateway_sdk.pacer.wait.duration'),
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
            const value = (object as Record<PropertyKey, unknown>)[key];
            if (key === '_request' || key === '_list')
              return traced(key, (value as Method).bind(object), instruments);
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
function traced(key: '_request' | '_list', method: Method, instruments: Instruments): Method {
  return ((operation: string, args: unknown, given: unknown) => {
    const started = performance.now();
    const span = instruments.tracer.startSpan(operation, {
      attributes: { 'gateway_sdk.operation': operation },
    });
    // The API's no-op tracer (no SDK registered) gives no valid trace: nothing to record or propagate.
    if (instruments.quiet && !isSpanContextValid(span.spanContext())) return method(operation, args, given);
    const attempt = attempts(span, trace.setSpan(context.active(), span), instruments);
    let options = given;
    try {
      const own = given as RequestOptions | undefined;
      const hooks: Hooks = { ...own?.hooks };
      // The attempt spans' hooks before the caller's.
      for (const [name, hook] of Object.entries(attempt.hooks))
        hooks[name as keyof Hooks] = [hook, ...(hooks[name as keyof Hooks] ?? [])] as never;
      const copy: RequestOptions = { ...own, hooks };
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
    const end: End = (error, requestId) => {
      if (ended) return;
      ended = true;
      // The class name of what the call failed with (`RateLimitError`), as semconv's `error.type` wants.
      const type = error === undefined ? undefined : error instanceof Error ? error.name : typeof error;
      attempt.close(type);
      requestId ??= (error as { requestId?: string } | null)?.requestId;
      if (requestId) span.setAttribute('gateway_sdk.request_id', requestId);
      if (type !== undefined) {
        span.setAttribute('error.type', type);
        span.setStatus({ code: SpanStatusCode.ERROR, message: type });
      }
      instruments.calls.record(seconds(started), {
        'gateway_sdk.operation': operation,
        'gateway_sdk.outcome': type ?? 'success',
      });
      span.end();
    };
    // `_request` and `_list` never throw: a refusal is their promise's rejection.
    const result = method(operation, args, options) as Walk;
    if (key === '_list') return walked(result, end);
    // A single call's span ends when it settles.
    result.withResponse().then(({ requestId }) => end(undefined, requestId), end);
    return result;
  }) as Method;
}

/** The parts of an APIPromise and a PagePromise read here (`toArray()` walks `iterPages()`). */
interface Walk {
  withResponse(): Promise<{ requestId?: string | undefined }>;
  [Symbol.asyncIterator](): AsyncGenerator<unknown>;
  iterPages(): AsyncGenerator<unknown>;
}

/**
 * A walk's span covers every page the walk reads: `for await`, `iterPages()` and `toArray()` end it
 * when they stop; awaited alone, the list ends it with the first page. Nothing is sent before the
 * list is awaited or iterated (a PagePromise is lazy), and nothing here starts it.
 */
function walked(pages: Walk, end: End): Walk {
  let walking = false;
  const { withResponse } = pages;
  const iterate = (name: typeof Symbol.asyncIterator | 'iterPages') => {
    const start = pages[name];
    return (): AsyncIterator<unknown> & AsyncIterable<unknown> => {
      walking = true;
      const iterator = start.call(pages);
      return {
        next: () => {
          const step = iterator.next();
          step.then((result) => result.done && end(), end);
          return step;
        },
        return: (value?: unknown) => (end(), iterator.return(value)),
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    };
  };
  return Object.assign(pages, {
    withResponse: () => {
      const first = withResponse.call(pages);
      if (!walking) first.then(() => end(), end);
      return first;
    },
    [Symbol.asyncIterator]: iterate(Symbol.asyncIterator),
    iterPages: iterate('iterPages'),
  });
}

const headerSetter = { set: (headers: Headers, name: string, value: string) => headers.set(name, value) };

/**
 * One call's HTTP attempts, each a CLIENT span under the call's span, opened before it is sent (the
 * trace context injected into its headers) and closed by its response or, failing one, by the
 * retry or the end of the call.
 */
function attempts(call: Span, parent: Context, instruments: Instruments) {
  // The attempt open now, if any: its span, when it started and its attributes.
  let span: Span | undefined;
  let started = 0;
  let attributes: Attributes = {};
  /** Closes the open attempt, with the error it failed with, else its response's status. */
  const close = (error?: string, status = 0): void => {
    if (span === undefined) return;
    if (status) attributes['http.response.status_code'] = status;
    const type = status >= 400 ? String(status) : error;
    if (type !== undefined) {
      attributes['error.type'] = type;
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.setAttributes(attributes);
    instruments.attempts.record(seconds(started), attributes);
    span.end();
    span = undefined;
  };
  const start = ({ request, options, retryCount }: HookState): void => {
    const url = new URL(request.url);
    // `url.template`: the URL's path with the operation's path template, as the API reference
    // writes it, in place of the segments it filled (`/sms/messages/{message_id}`), the address's
    // own path kept. The call hands the template to its hooks (internal/call-hooks.ts).
    const tail = (options.context['template'] as string).split('/');
    const template = url.pathname.split('/').slice(0, -tail.length).concat(tail).join('/');
    attributes = {
      'http.request.method': request.method,
      'url.template': template,
      'server.address': url.hostname,
    };
    // Semantic conventions: only a port other than the scheme's default.
    if (url.port) attributes['server.port'] = Number(url.port);
    if (retryCount > 0) attributes['http.request.resend_count'] = retryCount;
    span = instruments.tracer.startSpan(
      `${request.method} ${template}`,
      { kind: SpanKind.CLIENT, attributes },
      parent,
    );
    propagation.inject(trace.setSpan(parent, span), request.headers, headerSetter);
    // The key the SDK set before the first attempt (never a credential: those are set after hooks).
    const key = request.headers.get('idempotency-key');
    if (key !== null) call.setAttribute('gateway_sdk.idempotency_key', key);
    started = performance.now();
  };
  return {
    close,
    hooks: {
      beforeRequest: start,
      beforeRetry: (state: HookState & { error: Error }) => {
        close(state.error.name);
        start(state);
      },
      afterResponse: ({ response }: { response: Response }) => close(undefined, response.status),
    },
  };
}

/** A batch helper's channel whose pacer waits are recorded on the send's span and metric. */
function timedPace(channel: CallChannel, span: Span, instruments: Instruments): CallChannel {
  const pace = channel.pace;
  return {
    ...channel,
    pace: pace && {
      ...pace,
      acquire(signal) {
        const started = performance.now();
        return pace.acquire(signal)?.finally(() => {
          const waited = seconds(started);
          span.addEvent('pacer.wait', { 'gateway_sdk.pacer.wait_seconds': waited });
          instruments.waits.record(waited);
        });
      },
    },
  };
}
