// `webhookTelemetry()`: a webhook handler's deliveries as CONSUMER spans and a count, through the
// handler's `telemetry` hook point (the handler itself never imports @opentelemetry/api).
import { propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { WebhookTelemetry } from '../webhooks/options.js';
import { scopeOf, type TelemetryOptions } from './scope.js';

/** Where `webhookTelemetry` sends what it records; each defaults to the global one. */
export type WebhookTelemetryOptions = TelemetryOptions;

const headerGetter = {
  get: (header: (name: string) => string | undefined, name: string) => header(name),
  keys: () => [],
};

/**
 * What `createWebhookHandler({ telemetry })` takes: one CONSUMER span per delivery (its event
 * type, id and outcome; linked to the sender's trace when the delivery carries `traceparent`), and
 * the `gateway_sdk.webhook.deliveries` count by type and outcome. Never the body or the signature.
 *
 * @example
 * const handle = createWebhookHandler({ secret, on, telemetry: webhookTelemetry() });
 */
export function webhookTelemetry(options: WebhookTelemetryOptions = {}): WebhookTelemetry {
  const { tracer, meter } = scopeOf(options);
  const deliveries = meter.createCounter('gateway_sdk.webhook.deliveries');
  return (header) => {
    const sender = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, header, headerGetter));
    const span = tracer.startSpan('webhook process', {
      kind: SpanKind.CONSUMER,
      links: sender && [{ context: sender }],
    });
    return ({ outcome, status, type, id }) => {
      span.setAttributes({ 'gateway_sdk.webhook.outcome': outcome, 'http.response.status_code': status });
      if (type !== undefined) {
        span.updateName(`process ${type}`);
        span.setAttribute('gateway_sdk.webhook.event_type', type);
      }
      if (id) span.setAttribute('messaging.message.id', id);
      // A refusal (4xx) or a failure (5xx) is an error of the delivery; a duplicate or an event
      // nobody subscribed to is not.
      if (status >= 400) {
        span.setAttribute('error.type', outcome);
        span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
      }
      deliveries.add(1, {
        'gateway_sdk.webhook.outcome': outcome,
        'gateway_sdk.webhook.event_type': type ?? '',
      });
      span.end();
    };
  };
}
