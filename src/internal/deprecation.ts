// The service's notice that an operation is going away (a `Deprecation` or `Sunset` header),
// passed on to the user once per client and operation, at warn.
import type { TransportContext } from './transport.js';

/** Logs a `Deprecation` (RFC 9745) or `Sunset` (RFC 8594) header at warn, once per client and operation. */
export function noteDeprecation(
  context: TransportContext,
  method: string,
  /** The operation's path template (`sms/messages/{message_id}`). */
  template: string,
  headers: Headers,
): void {
  const deprecation = headers.get('deprecation');
  const sunset = headers.get('sunset');
  if (deprecation === null && sunset === null) return;
  const operation = operationOf(method, template);
  const warned = context.deprecationsWarned;
  if (warned.has(operation)) return;
  warned.add(operation);
  const said =
    (deprecation === null ? '' : `Deprecation: ${deprecation.slice(0, 200)}`) +
    (sunset === null ? '' : `${deprecation === null ? '' : '; '}Sunset: ${sunset.slice(0, 200)}`);
  const link = headers.get('link');
  context.logger.log(
    'warn',
    `${operation} is ${deprecation === null ? 'scheduled to be retired' : 'deprecated'} ` +
      `by the service (${said}). Move off it before it stops working; ` +
      `see the API changelog${link ? ` (Link: ${link.slice(0, 300)})` : ''}. Logged once per client.`,
  );
}

/** `GET /sms/messages/{message_id}`: the operation as the reference writes it, from its path template. */
export function operationOf(method: string, template: string): string {
  return `${method} /${template}`;
}
