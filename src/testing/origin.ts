// What an allowed page origin may be, for the mock server's `allowedOrigins` and the CLI's
// --allow-origin alike.

/**
 * A host a page can be served from: an IPv6 literal, or dot-separated labels of letters, digits,
 * `-` and `_` (IPv4 and punycode included). URL() also keeps `*`, `{`, `~` and more in a host, which
 * no page's origin holds: `https://*.example.test` was taken, and then never matched any page.
 */
const PAGE_HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?)$/;

/**
 * Whether `value` is an origin exactly as a browser sends it in `Origin`: `scheme://host[:port]`
 * over http or https, lowercase, no path, no default port, a host a page can have. Anything else
 * would never match a page, or (`null`, sent by sandboxed frames and `file:` pages of any site)
 * would match too many.
 */
export function isBrowserOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.origin === value &&
    PAGE_HOST.test(url.hostname)
  );
}

/** What an allowed origin may be, said where one is refused: no pattern is matched but `*` alone. */
export const ORIGIN_FORMS =
  "'*' or origins as a browser sends them, scheme://host[:port] such as 'https://app.example.test'; " +
  "patterns such as 'https://*.example.test' are not supported (they match no page): name each origin";
