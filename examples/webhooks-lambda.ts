// An AWS Lambda receiver behind API Gateway (HTTP API, payload format 2.0) or a Lambda function
// URL: the event becomes a Fetch `Request` for createWebhookHandler, and its `Response` the
// result. API Gateway hands a binary or non-text body over base64-encoded (`isBase64Encoded`):
// it is decoded to bytes, never to a string, as the signature is over the bytes as sent.
import { createWebhookHandler, type WebhookHandler } from 'gateway-sdk/webhooks';

/** The fields of an API Gateway v2 (HTTP API) event that a receiver reads. */
export interface APIGatewayProxyEventV2 {
  rawPath: string;
  rawQueryString?: string;
  headers: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded: boolean;
  requestContext: { http: { method: string }; domainName?: string };
}

/** What Lambda sends back through API Gateway. */
export interface APIGatewayProxyResultV2 {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** The Lambda handler around one webhook handler. */
export function toLambdaHandler(handle: WebhookHandler) {
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyResultV2> => {
    const method = event.requestContext.http.method;
    const body =
      event.body === undefined || method === 'GET' || method === 'HEAD'
        ? undefined
        : event.isBase64Encoded
          ? Uint8Array.from(Buffer.from(event.body, 'base64'))
          : event.body;
    const headers = new Headers();
    for (const [name, value] of Object.entries(event.headers))
      if (value !== undefined) headers.set(name, value);
    const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
    const host = event.requestContext.domainName ?? 'lambda.invalid';
    const response = await handle(
      new Request(`https://${host}${event.rawPath}${query}`, { method, headers, body }),
    );
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body: await response.text(),
    };
  };
}

// One handler per container: it is made on the cold start and kept while the container lives.
// With several containers, pass `dedupe: redisStore(client)` so a redelivery is seen by all.
export const handler = toLambdaHandler(
  createWebhookHandler({
    secret: process.env.GATEWAY_WEBHOOK_SECRET ?? '',
    on: {
      'message.delivered': (event) => console.log(`message ${event.data.object.id} delivered`),
    },
    onEvent: (event) => console.log('received', JSON.stringify(event).slice(0, 200)),
  }),
);
