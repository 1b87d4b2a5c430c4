import type { ReplyStep } from './types';

/**
 * What reads a reply as it is written: each piece and step, then its end or a failure (one of the
 * two, once).
 */
export interface ReplySink {
  piece(text: string): void;
  /** Something the concierge looked up or did (a tool's step), in the order of the reply. */
  step(step: ReplyStep): void;
  /** The reply is over: whole, or cut short by its abort signal. */
  end(): void;
  fail(error: unknown): void;
}

type Event =
  | { kind: 'piece'; text: string }
  | { kind: 'step'; step: ReplyStep }
  | { kind: 'end' }
  | { kind: 'fail'; error: unknown };

/**
 * A reply being written, handed piece by piece to the one sink that reads it. Pieces are pushed
 * as they arrive, with no promise per piece: a reply is hundreds of pieces and an api process
 * streams hundreds of replies at once, so an async iterator's promises (each one seen by the
 * async-context hooks) were a large share of the api's CPU. Whatever comes before the sink is
 * attached is kept and handed over when it is.
 */
export class ReplyStream implements ReplySink {
  private sink: ReplySink | null = null;
  private early: Event[] = [];
  private over = false;

  piece(text: string): void {
    if (this.over) return;
    if (this.sink) this.sink.piece(text);
    else this.early.push({ kind: 'piece', text });
  }

  step(step: ReplyStep): void {
    if (this.over) return;
    if (this.sink) this.sink.step(step);
    else this.early.push({ kind: 'step', step });
  }

  end(): void {
    if (this.over) return;
    this.over = true;
    if (this.sink) this.sink.end();
    else this.early.push({ kind: 'end' });
  }

  fail(error: unknown): void {
    if (this.over) return;
    this.over = true;
    if (this.sink) this.sink.fail(error);
    else this.early.push({ kind: 'fail', error });
  }

  /** Attaches the reader (once): what came already, then the rest as it comes. */
  pipe(sink: ReplySink): void {
    if (this.sink) throw new Error('A reply is read by one sink');
    this.sink = sink;
    const early = this.early;
    this.early = [];
    for (const event of early) {
      if (event.kind === 'piece') sink.piece(event.text);
      else if (event.kind === 'step') sink.step(event.step);
      else if (event.kind === 'end') sink.end();
      else sink.fail(event.error);
    }
  }

  /** A reply that is already written (a notice of ours, not the model's). */
  static of(text: string): ReplyStream {
    const stream = new ReplyStream();
    stream.piece(text);
    stream.end();
    return stream;
  }
}
