// What an allowed page origin may be, for the mock server's `allowedOrigins` and the CLI's
// --allow-origin alike.

/**
 * Whether `value` is an origin exactly as a browser sends it in `Origin`: `scheme://host[:port]`
 * over http or https, lowercase, no path, no default port. Anything else would never match a page,
 * or (`null`, sent by sandboxed frames and `file:` pages of any site) would match too many.
 */
export function isBrowserOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
}
