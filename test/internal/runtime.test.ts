// What the SDK reads of the runtime never throws, even where `process` throws on its Node-only
// members, as Next.js's edge sandbox does.
import { afterEach, expect, it } from 'vitest';
import { readEnv, runtimeName } from '../../src/internal/runtime.js';

const real = Object.getOwnPropertyDescriptor(globalThis, 'process');
afterEach(() => {
  if (real) Object.defineProperty(globalThis, 'process', real);
});

/** Runs `read` with a `process` that throws on every member but `env`, then puts the real one back. */
function underEdgeProcess<T>(read: () => T): T {
  const edge = new Proxy(
    { env: { GATEWAY_EDGE: 'yes' } },
    {
      get(target, name) {
        if (name === 'env') return target.env;
        throw new Error(
          `A Node.js API is used (process.${String(name)}) which is not supported in the Edge Runtime.`,
        );
      },
    },
  );
  Object.defineProperty(globalThis, 'process', { value: edge, configurable: true, writable: true });
  try {
    return read();
  } finally {
    if (real) Object.defineProperty(globalThis, 'process', real);
  }
}

it('names the runtime by its user agent where process throws on versions', () => {
  const name = underEdgeProcess(runtimeName);
  expect(name).not.toMatch(/^node\//);
  expect(typeof name).toBe('string');
});

it('still reads an environment variable there', () => {
  expect(underEdgeProcess(() => readEnv('GATEWAY_EDGE'))).toBe('yes');
});

it('names Node by its version where process is whole', () => {
  expect(runtimeName()).toBe(`node/${process.versions.node}`);
});
