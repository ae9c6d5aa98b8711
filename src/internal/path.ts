// Path parameters come from users and from data; none may change which endpoint is called.
import { ValidationError } from '../core/client-errors.js';

/**
 * Template tag that percent-encodes every path parameter, each given as a one-key object so
 * errors can name it, and refuses values that are empty or would be read as a dot-segment
 * (`.`, `..`; WHATWG URL treats an encoded `%2e%2e` as `..` too, so encoding cannot save them).
 *
 * @example path`sms/messages/${{ messageId }}` // 'sms/messages/a%2Fb' when messageId is 'a/b'
 */
export function path(strings: TemplateStringsArray, ...params: Record<string, string>[]): string {
  let out = strings[0] ?? '';
  for (let i = 0; i < params.length; i++) {
    // The one key of the parameter's object is its name.
    let name = 'path parameter';
    for (const key in params[i]) {
      name = key;
      break;
    }
    out += encodeSegment(name, params[i]?.[name]) + (strings[i + 1] ?? '');
  }
  return out;
}

function encodeSegment(name: string, value: unknown): string {
  let problem = 'must be a non-empty string';
  if (typeof value === 'string' && value !== '') {
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
  throw new ValidationError(`${name} ${problem}.`, [{ path: [name], message: problem }]);
}
