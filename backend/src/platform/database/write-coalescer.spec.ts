import { WriteCoalescer } from './write-coalescer';

/** A write that records each batch and holds it until released, so a test decides when "the database" answers. */
function heldWrites(answer: (item: number) => string = (item) => `wrote ${item}`) {
  const batches: number[][] = [];
  const held: Array<() => void> = [];
  const write = (items: number[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve, reject) => {
      held.push(() => {
        try {
          resolve(items.map(answer));
        } catch (error) {
          reject(error);
        }
      });
    });
  };
  const releaseAll = () => held.splice(0).forEach((release) => release());
  return { batches, write, releaseAll };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('WriteCoalescer', () => {
  it('writes a lone item on its own, on the next turn of the event loop', async () => {
    const db = heldWrites();
    const coalescer = new WriteCoalescer(db.write, { maxBatch: 10, maxInFlight: 2 });
    const result = coalescer.submit(1);
    expect(db.batches).toEqual([]);
    await turn();
    expect(db.batches).toEqual([[1]]);
    db.releaseAll();
    await expect(result).resolves.toBe('wrote 1');
  });

  it('writes items submitted in the same turn as one batch, and answers each its own result', async () => {
    const db = heldWrites();
    const coalescer = new WriteCoalescer(db.write, { maxBatch: 10, maxInFlight: 2 });
    const results = [1, 2, 3].map((item) => coalescer.submit(item));
    await turn();
    expect(db.batches).toEqual([[1, 2, 3]]);
    db.releaseAll();
    await expect(Promise.all(results)).resolves.toEqual(['wrote 1', 'wrote 2', 'wrote 3']);
  });

  it('keeps at most maxInFlight batches at the database; what arrives meanwhile goes together in the next', async () => {
    const db = heldWrites();
    const coalescer = new WriteCoalescer(db.write, { maxBatch: 3, maxInFlight: 2 });
    const results = [coalescer.submit(1)];
    await turn();
    results.push(coalescer.submit(2));
    await turn();
    expect(db.batches).toEqual([[1], [2]]);
    for (const item of [3, 4, 5, 6, 7]) results.push(coalescer.submit(item));
    await turn();
    expect(db.batches).toHaveLength(2);
    db.releaseAll();
    await Promise.all(results.slice(0, 2));
    await turn();
    // Two slots came free: two batches, the first of them full.
    expect(db.batches.slice(2)).toEqual([
      [3, 4, 5],
      [6, 7],
    ]);
    db.releaseAll();
    await expect(Promise.all(results)).resolves.toEqual([1, 2, 3, 4, 5, 6, 7].map((item) => `wrote ${item}`));
  });

  it('writes a failed batch again item by item, so only the bad item fails', async () => {
    const db = heldWrites((item) => {
      if (item === 2) throw new Error('item 2 is refused');
      return `wrote ${item}`;
    });
    const coalescer = new WriteCoalescer(db.write, { maxBatch: 10, maxInFlight: 1 });
    const results = [1, 2, 3].map((item) => coalescer.submit(item).catch((error: Error) => error.message));
    await turn();
    db.releaseAll(); // the batch [1, 2, 3] fails
    for (let i = 0; i < 3; i += 1) {
      await turn();
      db.releaseAll();
    }
    await expect(Promise.all(results)).resolves.toEqual(['wrote 1', 'item 2 is refused', 'wrote 3']);
    expect(db.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('refuses a write that answers the wrong number of results rather than answering anyone wrongly', async () => {
    const coalescer = new WriteCoalescer(async (items: number[]) => items.slice(1), { maxBatch: 10, maxInFlight: 1 });
    await expect(coalescer.submit(1)).rejects.toThrow('A batched write answered 0 results for 1 items');
  });

  it('frees its slot after a failure: later writes still go through', async () => {
    let fail = true;
    const coalescer = new WriteCoalescer(
      async (items: number[]) => {
        if (fail) throw new Error('the database is away');
        return items.map(String);
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    await expect(coalescer.submit(1)).rejects.toThrow('the database is away');
    fail = false;
    await expect(coalescer.submit(2)).resolves.toBe('2');
  });
});
