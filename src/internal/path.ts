// Path parameters come from users and from data; none may change which endpoint is called.
import { invalidValue, NON_EMPTY } from './idempotency.js';

/**
 * `template` (an operation's path, `sms/messages/{message_id}`) with each `{name}` replaced by the
 * next of `params`, percent-encoded. Each param is a one-key object, so errors can name it as the
 * method does; values that are empty or would be read as a dot-segment (`.`, `..`; WHATWG URL
 * treats an encoded `%2e%2e` as `..` too, so encoding cannot save them) are refused.
 *
 * @example fillPath('sms/messages/{message_id}', [{ messageId: 'a/b' }]) // 'sms/messages/a%2Fb'
 */
export function fillPath(template: string, params: readonly Record<string, string>[] = []): string {
  let i = 0;
  return template.replace(/\{\w+\}/g, () => {
    const param = params[i++] ?? {};
    // The one key of the parameter's object is its name.
    const name = Object.keys(param)[0] ?? 'path parameter';
    return encodeSegment(name, param[name]);
  });
}

function encodeSegment(name: string, value: unknown): string {
  let problem = NON_EMPTY;
  if (typeof value === 'string' && value) {
    if (value === '.' || value === '..') problem = 'cannot be "." or ".."';
    else {
      try {
        return encodeURIComponent(value);
      } catch {
        // A lone surrogate (half of an emoji) has no UTF-8 form: encodeURIComponent throws URIError.
        problem = 'must be valid Unicode text (it holds half of a surrogate pair)';
      }
    }
  }
  return invalidValue(name, problem);
}
