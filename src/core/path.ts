// Path parameters come from users and from data; none may change which endpoint is called.
import { ValidationError } from './errors.js';

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
    const [name, value] = Object.entries(params[i] ?? {})[0] ?? ['path parameter', undefined];
    out += encodeSegment(name, value) + (strings[i + 1] ?? '');
  }
  return out;
}

function encodeSegment(name: string, value: unknown): string {
  if (typeof value === 'string' && value !== '' && value !== '.' && value !== '..') return encodeURIComponent(value);
  const problem = typeof value === 'string' && value !== '' ? 'cannot be "." or ".."' : 'must be a non-empty string';
  throw new ValidationError(`${name} ${problem}.`, [{ path: [name], message: problem }]);
}
