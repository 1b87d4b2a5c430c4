/**
 * Gathers writes that arrive together into one call, so a burst of N requests costs the
 * database a few statements instead of N (a sign-up rush after a press mention: each statement
 * carries a round trip, a plan lookup, a commit and a WAL flush, and batches of ten write about
 * three times the rows per second of single rows on this machine).
 *
 * Nothing waits for company: a write that finds a free slot goes out on the next turn of the
 * event loop, with whatever else arrived in the same turn. Only when `maxInFlight` batches are
 * already at the database do new writes queue, and the next batch takes up to `maxBatch` of
 * them at once, so batches grow with the load and stay single when it is light.
 *
 * `write` answers one result per item, in order. If a batch fails, each of its items is written
 * again on its own, so one bad item fails only its own request.
 */
export class WriteCoalescer<T, R> {
  private readonly waiting: Array<Waiting<T, R>> = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly options: { maxBatch: number; maxInFlight: number },
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0 || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.waiting.length > 0 && this.inFlight < this.options.maxInFlight) {
        const batch = this.waiting.splice(0, this.options.maxBatch);
        this.inFlight += 1;
        void this.run(batch).finally(() => {
          this.inFlight -= 1;
          this.schedule();
        });
      }
    });
  }

  private async run(batch: Array<Waiting<T, R>>): Promise<void> {
    let results: R[];
    try {
      results = await this.writeChecked(batch.map((w) => w.item));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      // At once, not in turn: when the database itself is away, each waits for it once, not N times.
      await Promise.all(
        batch.map((waiting) =>
          this.writeChecked([waiting.item]).then(([result]) => waiting.resolve(result), waiting.reject),
        ),
      );
      return;
    }
    batch.forEach((waiting, i) => waiting.resolve(results[i]));
  }

  private async writeChecked(items: T[]): Promise<R[]> {
    const results = await this.write(items);
    if (results.length !== items.length) {
      throw new Error(`A batched write answered ${results.length} results for ${items.length} items`);
    }
    return results;
  }
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}
