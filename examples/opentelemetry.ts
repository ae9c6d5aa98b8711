// Tracing with OpenTelemetry through the SDK's ky hooks: one CLIENT span per call (not per
// attempt), `traceparent` on every attempt so the service joins the trace, each retry recorded as
// a span event with its reason, and the outcome as the span's status. Uses only
// @opentelemetry/api: register your SDK (NodeSDK, or a BasicTracerProvider) as usual.
import { type Span, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import { APIError, Client, type Hooks, type RequestOptions } from 'gateway-sdk';

/**
 * Hooks that report one call's attempts on `span`. The SDK runs them after its own, so the
 * Idempotency-Key header they see is final (the credential is set after them, on the request
 * sent, and never shown to a hook); they only add `traceparent`.
 */
export function spanHooks(span: Span): Hooks {
  return {
    // ky 2 runs beforeRequest before the first attempt and beforeRetry before each other one.
    beforeRequest: [({ request }) => traceparent(span, request)],
    beforeRetry: [
      ({ request, error, retryCount }) => {
        traceparent(span, request);
        span.setAttribute('http.request.resend_count', retryCount);
        const status = (error as { response?: Response }).response?.status;
        span.addEvent('retry', {
          'http.request.resend_count': retryCount,
          'error.type': status === undefined ? error.name : String(status),
        });
      },
    ],
    afterResponse: [({ response }) => void span.setAttribute('http.response.status_code', response.status)],
  };
}

/** Sets `traceparent` on an attempt so the service joins the span's trace. */
function traceparent(span: Span, request: Request): void {
  const { traceId, spanId, traceFlags } = span.spanContext();
  request.headers.set('traceparent', `00-${traceId}-${spanId}-0${traceFlags.toString(16)}`);
}

/**
 * Runs one SDK call inside a CLIENT span named `name`: `run` receives the request options that
 * carry the span's hooks, to pass as the method's last argument.
 *
 * @example await traced(tracer, 'sms.messages.create', (opts) => client.sms.messages.create(body, opts))
 */
export function traced<T>(
  tracer: Tracer,
  name: string,
  run: (opts: RequestOptions) => PromiseLike<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT }, async (span) => {
    try {
      const result = await run({ hooks: spanHooks(span) });
      span.setStatus({ code: SpanStatusCode.OK });
      return result;
    } catch (error) {
      span.recordException(error as Error);
      if (error instanceof APIError) span.setAttribute('http.response.status_code', error.status);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).name });
      throw error;
    } finally {
      span.end();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const client = new Client();
  const tracer = trace.getTracer('gateway-sdk-example');
  const message = await traced(tracer, 'sms.messages.create', (opts) =>
    client.sms.messages.create({ to: process.argv[2] ?? '+447700900123', message: 'Traced hello' }, opts),
  );
  console.log(`sent ${message.id}`);
}
