// The known name a misspelt one most likely meant, for "did you mean" in the option checks
// (internal/settings.ts, webhooks/options.ts), and the one shape of an invalid option's error
// (`optionError`: a call's and the batch helpers' ValidationError, the webhook handler's
// ConfigurationError). No zod and no ky: the client's option check runs at construction, before
// the engine loads. Bounded: names longer than NAME_MAX are not compared, so a hostile key costs
// nothing, and the comparison is quadratic in two short names only.

/** Names longer than this are not compared (no option name comes close). */
const NAME_MAX = 64;

/** A name as compared: `idempotency_key`, `Idempotency-Key` and `IDEMPOTENCYKEY` all fold to `idempotencykey`. */
function fold(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

/**
 * Edits (insert, delete, replace, swap two neighbours) between `a` and `b`, counted up to `limit`;
 * `limit + 1` when more. The one distance behind every "did you mean" of the SDK: option names,
 * webhook event names, the CLI's commands and flags.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // The usual table: d[i][j] is the distance between a's first i characters and b's first j; a
  // swap looks back two rows.
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++)
    for (let j = 0; j <= b.length; j++)
      (d[i] ??= [])[j] =
        i && j
          ? Math.min(
              (d[i - 1] as number[])[j] as number,
              (d[i] as number[])[j - 1] as number,
              ((d[i - 1] as number[])[j - 1] as number) - +(a[i - 1] === b[j - 1]),
              // A swap needs two characters each side (a[-1] is undefined), so i and j are at least 2.
              a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]
                ? ((d[i - 2] as number[])[j - 2] as number)
                : Infinity,
            ) + 1
          : i + j;
  return Math.min((d[a.length] as number[])[b.length] as number, limit + 1);
}

/**
 * The known name `name` most likely meant: the same name in another case or with `-`/`_`
 * (`idempotency_key`), else the closest within a few edits (`concurency`, `tiemout`, `maxRetry`), else a
 * known name that ends with it (`retries` for `maxRetries`); undefined when none is close.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  if (name.length > NAME_MAX) return undefined;
  const folded = fold(name);
  // The same name folded is at distance 0: the first such is the one kept below. More edits for
  // longer names: `tmeout` is near `timeout`, `maxRetry` near `maxRetries`, `ab` near nothing.
  const limit = folded.length <= 4 ? 1 : folded.length <= 7 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const k of known) {
    const d = editDistance(folded, fold(k), limit);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best ?? (folded.length >= 4 ? known.find((k) => fold(k).endsWith(folded)) : undefined);
}

/** `' (did you mean x?)'` for the closest known name, else the list of known names. */
export function nameHint(name: string, known: readonly string[]): string {
  const meant = closestName(name, known);
  return meant === undefined ? ` (known: ${known.join(', ')})` : ` (did you mean ${meant}?)`;
}

/**
 * The one shape of an invalid option's error: `where` the option is, then what is wrong
 * (`options.timeout must be …`, `createWebhookHandler: secret must be …`). `Kind` is the error
 * class, passed by the caller so that each entry loads only its own (ValidationError for a call's
 * options, ConfigurationError for options read at construction); `detail` is its second argument.
 */
export const optionError = <D, E>(
  Kind: new (message: string, detail: D) => E,
  where: string,
  problem: string,
  detail: D,
): E => new Kind(`${where} ${problem}`, detail);
