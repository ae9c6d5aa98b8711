// Where gateway-sdk/otel records: the tracer and meter of the providers given, else the global ones.
import {
  type Meter,
  type MeterProvider,
  metrics,
  trace,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { VERSION } from '../version.js';

/** Where `instrument` and `webhookTelemetry` send what they record; each defaults to the global one. */
export interface TelemetryOptions {
  /** Spans go to this provider's tracer; default: the global provider (`trace.getTracerProvider()`). */
  tracerProvider?: TracerProvider | undefined;
  /** Metrics go to this provider's meter; default: the global provider (`metrics.getMeterProvider()`). */
  meterProvider?: MeterProvider | undefined;
}

/** The tracer and meter every span and metric is recorded with, under the scope `gateway-sdk`. */
export function scopeOf(options: TelemetryOptions): { tracer: Tracer; meter: Meter } {
  return {
    tracer: (options.tracerProvider ?? trace.getTracerProvider()).getTracer('gateway-sdk', VERSION),
    meter: (options.meterProvider ?? metrics.getMeterProvider()).getMeter('gateway-sdk', VERSION),
  };
}
