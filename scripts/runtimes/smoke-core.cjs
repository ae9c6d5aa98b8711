// The smoke test each runtime runs against the loopback mock: refuse invalid input before any
// request, send a message, iterate a filtered list across pages, verify a signed webhook and serve
// it through createWebhookHandler. CommonJS so that one file serves `import` (Node, Bun, Deno, the
// browser and edge bundles) and `require` (Node) alike; `npm run check:package` runs it on this Node. The caller passes in the SDK's
// exports as that runtime loaded them, and the config run.mjs prepared; the result goes back as
// JSON, and run.mjs also checks the mock's store for the message this run sent.
'use strict';

module.exports = async function smoke(sdk, config) {
  const {
    makeClient,
    GatewayError,
    ValidationError,
    Webhooks,
    WebhookVerificationError,
    createWebhookHandler,
  } = sdk;
  const passed = [];
  const check = (ok, what) => {
    if (!ok) throw new Error(`check failed: ${what}`);
    passed.push(what);
  };

  const client = makeClient();

  // 0. Validation happens before any request; a near miss of a documented field is refused by name,
  // which matters most from plain JavaScript, where no type catches it.
  let requests = 0;
  const counting = makeClient({ fetch: (...args) => (requests++, fetch(...args)) });
  const caught = (promise) =>
    promise.then(
      () => undefined,
      (error) => error,
    );
  const invalid = await caught(counting.sms.messages.create({ to: 'nope', message: '' }));
  check(invalid instanceof ValidationError, 'an invalid send rejects with ValidationError');
  const inAnHour = new Date(Date.now() + 3_600_000);
  const typo = await caught(
    counting.sms.messages.create({ to: '447700900123', message: 'hi', scheduleAt: inAnHour }),
  );
  check(
    typo instanceof ValidationError && /schedule_at/.test(typo.message),
    'scheduleAt is refused naming schedule_at',
  );
  check(requests === 0, 'nothing is sent for a refused call');

  // 1. Send, then read it back.
  const sent = await client.sms.messages.create({ to: '+447700900123', message: config.tag });
  check(
    sent.status === 'queued' && sent.to === '447700900123' && sent.body === config.tag,
    'create returns the queued message',
  );
  const { data: again, requestId } = await client.sms.messages.retrieve(sent.id).withResponse();
  check(
    again.id === sent.id && typeof requestId === 'string' && requestId.length > 0,
    'retrieve().withResponse() gives the message and a request id',
  );

  // 1b. An answer over maxResponseBytes (issue 26): refused, named, and not retried, in every runtime.
  let bigRequests = 0;
  const capped = makeClient({ maxResponseBytes: 64, fetch: (...args) => (bigRequests++, fetch(...args)) });
  const tooLarge = await caught(capped.sms.messages.retrieve(sent.id));
  check(
    tooLarge instanceof GatewayError &&
      tooLarge.name === 'ResponseTooLargeError' &&
      tooLarge.message.includes('maxResponseBytes') &&
      bigRequests === 1,
    'an answer over maxResponseBytes rejects with ResponseTooLargeError after one request',
  );

  // 2. A filtered list across pages: every page repeats the filter, and the walk stops at the end.
  const pages = [];
  for await (const page of client.sms.messages.list({ status: 'delivered', limit: config.limit }).iterPages())
    pages.push(page.data.length);
  check(
    JSON.stringify(pages) === JSON.stringify(config.expectedPages),
    `iterPages() gives pages of ${config.expectedPages.join(', ')} (got ${pages.join(', ')})`,
  );
  const ids = new Set();
  for await (const message of client.sms.messages.list({ status: 'delivered', limit: config.limit })) {
    if (message.status !== 'delivered')
      throw new Error(`check failed: list filter lost on a later page (${message.id} is ${message.status})`);
    ids.add(message.id);
  }
  check(
    ids.size === config.seeded,
    `for await walks all ${config.seeded} delivered messages once each (got ${ids.size})`,
  );

  // 3. A signed webhook delivery, made by signedDelivery() in run.mjs.
  const { body, signature, secret, eventId, messageId } = config.webhook;
  check((await Webhooks.verify(body, signature, secret)) === true, 'verify accepts the signed body');
  check(
    (await Webhooks.verify(new TextEncoder().encode(body), signature, secret)) === true,
    'verify accepts the same body as bytes',
  );
  check(
    (await Webhooks.verify(body.replace('"delivered"', '"failed"'), signature, secret)) === false,
    'verify refuses a tampered body',
  );
  check((await Webhooks.verify(body, signature, 'whsec_other')) === false, 'verify refuses another secret');
  const event = await Webhooks.constructEvent(body, signature, ['whsec_rotated', secret]);
  check(
    event.id === eventId && event.type === 'message.delivered' && event.data.object.id === messageId,
    'constructEvent parses the event (rotated secrets)',
  );
  const refused = await Webhooks.constructEvent(body, '0'.repeat(64), secret).then(
    () => undefined,
    (error) => error,
  );
  check(
    refused instanceof WebhookVerificationError && refused.reason === 'signature_mismatch',
    'constructEvent rejects a wrong signature with WebhookVerificationError',
  );
  check(
    refused instanceof GatewayError,
    'an error from gateway-sdk/webhooks is an instance of the GatewayError of gateway-sdk',
  );

  // 4. The same delivery through createWebhookHandler, as Next.js, Hono, Bun.serve, Deno.serve and
  // Workers would hand it a Request.
  const handled = [];
  const quiet = () => undefined;
  const handle = createWebhookHandler({
    secret: ['whsec_rotated', secret],
    on: { 'message.delivered': (e) => void handled.push(e.id) },
    onError: quiet,
  });
  const delivery = (sig = signature) =>
    new Request('https://receiver.example/webhooks', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-service-signature': sig },
    });
  const answer = async (response) => `${response.status} ${await response.text()}`;
  check((await answer(await handle(delivery()))) === '200 handled', 'handler answers 200 handled');
  check((await answer(await handle(delivery()))) === '200 duplicate', 'handler answers 200 duplicate');
  check(
    (await answer(await handle(delivery('0'.repeat(64))))) === '400 signature_mismatch',
    'handler answers 400 to a wrong signature',
  );
  const misconfigured = createWebhookHandler({ secret: `${secret}\n`, onEvent: quiet, onError: quiet });
  check(
    (await answer(await misconfigured(delivery()))) === '500 invalid_secret',
    'handler answers 500 to a secret pasted with a newline',
  );
  check(handled.length === 1 && handled[0] === eventId, 'handler ran once for the event');
  // A signed body that drifted from the envelope (the reference sample receiver's flat body) is
  // genuine: handed to onEvent as sent, never refused (a 4xx is never redelivered).
  const flat = JSON.stringify({ message_id: messageId, status: 'delivered', recipient: '447700900123' });
  const seen = [];
  const tolerant = createWebhookHandler({
    secret,
    onEvent: (e) => void seen.push(e),
    onError: quiet,
    logger: { warn: quiet },
  });
  const flatDelivery = new Request('https://receiver.example/webhooks', {
    method: 'POST',
    body: flat,
    headers: { 'x-service-signature': await Webhooks.sign(flat, secret) },
  });
  check(
    (await answer(await tolerant(flatDelivery))) === '200 handled' && seen[0]?.message_id === messageId,
    'handler hands a signed delivery without a type to onEvent, 200',
  );

  await checkErrors(client, sdk, check);
  if (sdk.otel) await checkTelemetry(sdk, check, secret);

  return { sent: sent.id, pages, checks: passed.length };
};

/**
 * 6. gateway-sdk/otel, where the runtime's smoke passes it: a traced send is a span named after its
 * operation with its attempt's CLIENT span under it, and a delivery a CONSUMER span. The spans go to
 * a tracer provider of a few lines (the real SDK is the suite's), through @opentelemetry/api.
 */
async function checkTelemetry(sdk, check, secret) {
  const { instrument, webhookTelemetry, trace } = sdk.otel;
  const ended = [];
  let ids = 0;
  const tracerProvider = {
    getTracer: () => ({
      startSpan(name, options = {}, context) {
        const parent = context === undefined ? undefined : trace.getSpan(context)?.spanContext();
        const spanContext = {
          traceId: '1'.repeat(32),
          spanId: String(++ids).padStart(16, '0'),
          traceFlags: 1,
        };
        const span = {
          name,
          kind: options.kind,
          parent: parent?.spanId,
          attributes: { ...options.attributes },
          spanContext: () => spanContext,
          setAttribute: (key, value) => ((span.attributes[key] = value), span),
          setAttributes: (values) => (Object.assign(span.attributes, values), span),
          addEvent: () => span,
          setStatus: () => span,
          updateName: (next) => ((span.name = next), span),
          isRecording: () => true,
          recordException: () => undefined,
          end: () => void ended.push(span),
        };
        return span;
      },
    }),
  };
  const traced = instrument(sdk.makeClient(), { tracerProvider });
  const sent = await traced.sms.messages.create({ to: '+447700900123', message: 'traced' });
  const call = ended.find((s) => s.name === 'sms.messages.create');
  const attempt = ended.find((s) => s.name === 'POST /sms/messages');
  check(
    typeof sent.id === 'string' && call !== undefined && attempt?.parent === call.spanContext().spanId,
    'an instrumented send is a span with its attempt under it',
  );
  check(attempt?.attributes['http.response.status_code'] === 200, "the attempt's span has its status");
  const handle = sdk.createWebhookHandler({
    secret,
    onEvent: () => undefined,
    telemetry: webhookTelemetry({ tracerProvider }),
  });
  const body = JSON.stringify({
    id: 'evt_otel_smoke',
    type: 'message.delivered',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'msg_1' } },
  });
  const response = await handle(
    new Request('https://receiver.example/webhooks', {
      method: 'POST',
      body,
      headers: { 'x-service-signature': await sdk.Webhooks.sign(body, secret) },
    }),
  );
  const delivery = ended.find((s) => s.name === 'process message.delivered');
  check(
    response.status === 200 && delivery?.attributes['gateway_sdk.webhook.outcome'] === 'handled',
    'a delivery through webhookTelemetry is a span with its outcome',
  );
}

/**
 * 5. An API error names the app's function that made the call in its stack (each engine formats
 * stacks its own way), and the guards recognise it.
 */
async function checkErrors(client, sdk, check) {
  async function smokeLookupMissingMessage() {
    return client.sms.messages.retrieve('msg_smoke_missing');
  }
  const error = await smokeLookupMissingMessage().then(
    () => undefined,
    (e) => e,
  );
  check(error !== undefined && error.status === 404, 'retrieving an unknown message rejects with a 404');
  check(
    typeof error.stack === 'string' && error.stack.includes('smokeLookupMissingMessage'),
    "the 404's stack names the calling function",
  );
  check(
    sdk.isGatewayError(error) && sdk.isAPIError(error) && !sdk.isAPIError(new Error('x')),
    'isGatewayError and isAPIError recognise it',
  );
}
