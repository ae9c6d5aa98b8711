// Traces and metrics of a retried send, printed to the console: gateway-sdk/otel's instrument()
// over a Client, with the OpenTelemetry SDK's console exporters. In an app, register NodeSDK (or
// your vendor's distribution) instead and keep only the `instrument(new Client())` line.
//
// Run it against the mock: `npx gateway-sdk mock` in one shell, then, with the lines it printed
// exported, `npx tsx examples/observability.ts`.
import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  ConsoleMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, ConsoleSpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { Client, type ClientOptions } from 'gateway-sdk';
import { instrument } from 'gateway-sdk/otel';

/** Providers that print every span as it ends and the metrics on `shutdown()`. */
export function consoleProviders() {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())],
  });
  const meterProvider = new MeterProvider({
    readers: [new PeriodicExportingMetricReader({ exporter: new ConsoleMetricExporter() })],
  });
  return {
    tracerProvider,
    meterProvider,
    shutdown: () => Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]),
  };
}

/** Sends one message through an instrumented client and prints what was recorded. */
export async function main(options: ClientOptions = {}): Promise<string> {
  const providers = consoleProviders();
  const client = instrument(new Client(options), providers);
  try {
    const message = await client.sms.messages.create({ to: '+447700900123', message: 'Traced hello' });
    console.log(`sent ${message.id}`);
    return message.id;
  } finally {
    await providers.shutdown();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
