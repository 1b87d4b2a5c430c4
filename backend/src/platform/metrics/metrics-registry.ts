import { Logger } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { withTimeout } from '../../common/with-timeout';

/** How long a scrape waits for one reading of a store before reporting it as failed. */
export const SCRAPE_TIMEOUT_MS = 2000;

/**
 * This process's Prometheus metrics, with Node's process metrics (CPU, memory, event loop lag,
 * GC). One registry per process, not prom-client's global one: the tests run an api and a worker
 * in one process, and each must report only its own.
 */
export class MetricsRegistry extends Registry {
  private readonly logger = new Logger('Metrics');
  private readonly readings: Array<() => Promise<unknown>> = [];
  private readonly readingSucceeded = new Gauge({
    name: 'scrape_reading_success',
    help: 'Whether this scrape could read the store (1) or not (0: its gauges say NaN)',
    labelNames: ['reading'],
    registers: [this],
    // Waits for this scrape's readings, which the gauges filled from them share.
    collect: () => Promise.all(this.readings.map((read) => read())).then(() => undefined),
  });

  constructor() {
    super();
    collectDefaultMetrics({ register: this });
  }

  /**
   * A reading of a shared store (queue counts, a SQL count) for gauges filled at scrape time, never
   * on a request's path. Gauges filled from one reading share it within a scrape; a reading that
   * fails or outlasts SCRAPE_TIMEOUT_MS answers undefined, so its gauges say NaN instead of a
   * stale or made-up number.
   */
  reading<T>(name: string, read: () => Promise<T>): () => Promise<T | undefined> {
    let pending: Promise<T | undefined> | undefined;
    const shared = () =>
      (pending ??= withTimeout(read(), SCRAPE_TIMEOUT_MS, `no answer within ${SCRAPE_TIMEOUT_MS} ms`)
        .then(
          (value) => {
            this.readingSucceeded.set({ reading: name }, 1);
            return value;
          },
          (error: Error) => {
            this.readingSucceeded.set({ reading: name }, 0);
            this.logger.warn(`Could not read ${name} for /metrics: ${error.message}`);
            return undefined;
          },
        )
        .finally(() => (pending = undefined)));
    this.readings.push(shared);
    return shared;
  }
}
