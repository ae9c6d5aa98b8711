// What the SDK may ask of the runtime it finds itself in, without importing anything from Node
// (browsers and bundlers must never see a Node builtin).

interface ProcessLike {
  env?: Record<string, string | undefined>;
  versions?: { node?: string; bun?: string };
}

/**
 * An environment variable, trimmed; undefined where there is no `process` or access is denied
 * (Deno without --allow-env).
 */
export function readEnv(name: string): string | undefined {
  try {
    // '' (the only falsy string) is unset.
    return (globalThis as { process?: ProcessLike }).process?.env?.[name]?.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** True in a browser page (not in web or edge workers, which keep secrets server-side). */
export function isBrowserPage(): boolean {
  return (
    typeof (globalThis as { document?: unknown }).document !== 'undefined' &&
    typeof (globalThis as { window?: unknown }).window !== 'undefined'
  );
}

/** e.g. 'node/20.20.2', 'bun/1.3.0', 'deno/2.5.0'; the user agent's first word elsewhere. */
export function runtimeName(): string {
  const g = globalThis as {
    Deno?: { version?: { deno?: string } };
    process?: ProcessLike;
    navigator?: { userAgent?: string };
  };
  const deno = g.Deno?.version?.deno;
  if (deno) return `deno/${deno}`;
  // Next.js's edge sandbox has a `process` whose Node-only members throw when read.
  try {
    const versions = g.process?.versions;
    if (versions?.bun) return `bun/${versions.bun}`;
    if (versions?.node) return `node/${versions.node}`;
  } catch {
    // Not Node, whatever `process` says: named by the user agent below.
  }
  return g.navigator?.userAgent?.split(' ')[0] ?? 'unknown';
}

/** ky's clock, which `totalTimeout` is counted on. */
export function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}

/**
 * The first global the Client needs that this runtime lacks, by name, else undefined. Without it
 * a call would fail with a raw TypeError, or an address check with a misleading message.
 */
export function missingGlobal(): string | undefined {
  const g = globalThis as { crypto?: { getRandomValues?: unknown } } & Record<string, unknown>;
  return (
    'URL Request Response Headers TextDecoder'.split(' ').find((name) => typeof g[name] !== 'function') ??
    (typeof g.crypto?.getRandomValues === 'function' ? undefined : 'crypto.getRandomValues')
  );
}
