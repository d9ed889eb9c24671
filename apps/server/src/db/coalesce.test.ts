import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalesce.js';

/** A `run` that records each statement's keys and answers when released. */
function recorder<V>(answer: (key: string) => V) {
  const statements: string[][] = [];
  const pending: (() => void)[] = [];
  let hold = false;
  const run = (keys: string[]) =>
    new Promise<V[]>((resolve, reject) => {
      statements.push(keys);
      const go = () => {
        try {
          resolve(keys.map(answer));
        } catch (err) {
          reject(err);
        }
      };
      if (hold) pending.push(go);
      else go();
    });
  return {
    run,
    statements,
    hold: () => (hold = true),
    release: () => {
      hold = false;
      for (const go of pending.splice(0)) go();
    },
  };
}

describe('Coalescer', () => {
  it('answers concurrent lookups from one statement, each with its own result, duplicates included', async () => {
    const r = recorder((k) => k.toUpperCase());
    const c = new Coalescer(r.run);
    const got = await Promise.all(['a', 'b', 'a', 'c'].map((k) => c.load(k)));
    expect(got).toEqual(['A', 'B', 'A', 'C']);
    expect(r.statements).toEqual([['a', 'b', 'a', 'c']]);
  });

  it('never answers a lookup from a statement that started before it', async () => {
    const r = recorder((k) => k);
    const c = new Coalescer(r.run, { maxBatch: 10, parallel: 1 });
    r.hold();
    const first = c.load('early');
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.statements).toEqual([['early']]);
    // Made while the first statement is in flight: it waits for a statement of its own.
    const second = c.load('late');
    const third = c.load('later');
    r.release();
    expect(await first).toBe('early');
    await new Promise((resolve) => setImmediate(resolve));
    r.release();
    expect(await Promise.all([second, third])).toEqual(['late', 'later']);
    expect(r.statements).toEqual([['early'], ['late', 'later']]);
  });

  it('splits the queue into statements of at most maxBatch keys', async () => {
    const r = recorder((k) => k);
    const c = new Coalescer(r.run, { maxBatch: 2, parallel: 1 });
    await Promise.all(['1', '2', '3', '4', '5'].map((k) => c.load(k)));
    expect(r.statements).toEqual([['1', '2'], ['3', '4'], ['5']]);
  });

  it('rejects only the lookup whose own statement fails', async () => {
    const r = recorder((k) => {
      if (k === 'bad') throw new Error('bad key');
      return k;
    });
    const c = new Coalescer(r.run);
    const results = await Promise.allSettled(['x', 'bad', 'y'].map((k) => c.load(k)));
    expect(results.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toMatchObject({ value: 'x' });
    expect(results[1]).toMatchObject({ reason: new Error('bad key') });
    expect(r.statements).toEqual([['x', 'bad', 'y'], ['x'], ['bad'], ['y']]);
  });

  it('rejects every lookup of a statement that returns the wrong number of results', async () => {
    const c = new Coalescer<string, string>(async () => ['only one', 'extra']);
    await expect(c.load('a')).rejects.toThrow('2 results for 1 keys');
  });
});
