// The engine's loader (src/resources/resource.ts): one load for every caller, and a failed load is
// run again by the next caller (a chunk a page could not fetch for a moment is asked for again).
import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../src/internal/load-once.js';

/** A load whose answers the test gives, one per call of `load`. */
function scripted(answers: (() => Promise<string>)[]) {
  let calls = 0;
  const load = () => {
    const answer = answers[calls++];
    if (answer === undefined) throw new Error('loaded more often than scripted');
    return answer();
  };
  return { load, calls: () => calls };
}

describe('loadOnce', () => {
  it('loads on first use, once, and keeps the value', async () => {
    const script = scripted([async () => 'engine']);
    const engine = loadOnce(script.load);
    expect(script.calls()).toBe(0);
    expect(engine.value).toBeUndefined();
    await expect(engine.load()).resolves.toBe('engine');
    await expect(engine.load()).resolves.toBe('engine');
    expect(engine.value).toBe('engine');
    expect(script.calls()).toBe(1);
  });

  it('concurrent callers share one load', async () => {
    const script = scripted([async () => 'engine']);
    const engine = loadOnce(script.load);
    const all = await Promise.all([engine.load(), engine.load(), engine.load()]);
    expect(all).toEqual(['engine', 'engine', 'engine']);
    expect(script.calls()).toBe(1);
  });

  it('a failed load rejects its callers, keeps nothing, and the next caller loads again', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const script = scripted([() => Promise.reject(failure), async () => 'engine']);
    const engine = loadOnce(script.load);
    const [first, second] = await Promise.allSettled([engine.load(), engine.load()]);
    expect(first).toEqual({ status: 'rejected', reason: failure });
    expect(second).toEqual({ status: 'rejected', reason: failure });
    expect(engine.value).toBeUndefined();
    await expect(engine.load()).resolves.toBe('engine');
    expect(engine.value).toBe('engine');
    expect(script.calls()).toBe(2);
  });
});
