import type { ReplyStream } from './reply-stream';
import type { ConciergeToolbox, ReplyStep } from './types';

/** The most tools one reply calls: each is a step the member sees above the reply. */
export const MAX_STEPS = 4;

/** What a tool call came to: its step (already sent to the reply) and the data the model reads. */
export interface StepOutcome {
  step: ReplyStep;
  data: unknown;
}

/** Rejects when `signal` aborts, whether or not the work listens to it. */
function within<T>(work: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(new Error('The tool took too long'));
    const abort = () => reject(new Error('The tool took too long'));
    signal.addEventListener('abort', abort, { once: true });
    work(signal)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * A reply's tool calls, one at a time, each becoming a step of the reply: at most MAX_STEPS, each
 * within the toolbox's timeout. A tool that fails, is unknown or takes too long becomes a `failed`
 * step, never a failed reply. Both providers call tools through this, so the offline engine's steps
 * and the model's are the same.
 */
export class ReplySteps {
  private count = 0;

  constructor(
    private readonly toolbox: ConciergeToolbox,
    private readonly reply: ReplyStream,
  ) {}

  /** Whether another tool may still be called in this reply. */
  get open(): boolean {
    return this.count < MAX_STEPS;
  }

  /** A step the engine took by its own rules, with no tool to call (the offline engine's search). */
  step(step: Omit<ReplyStep, 'id' | 'status'>): void {
    if (!this.open) return;
    this.count += 1;
    this.reply.step({ id: String(this.count), status: 'done', ...step });
  }

  /** Calls the tool and sends its step; null when the reply has had its MAX_STEPS. */
  async run(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<StepOutcome | null> {
    if (!this.open) return null;
    this.count += 1;
    const id = String(this.count);
    const tool = this.toolbox.tools.find((t) => t.name === name);
    let outcome: StepOutcome;
    if (!tool) {
      outcome = {
        step: { id, tool: name, label: 'A step the concierge could not take', status: 'failed' },
        data: { error: `There is no tool named ${name}.` },
      };
    } else {
      try {
        const limit = AbortSignal.any([signal, AbortSignal.timeout(this.toolbox.timeoutMs)]);
        const result = await within((s) => this.toolbox.run(name, args, s), limit);
        const step: ReplyStep = { id, tool: name, label: result.summary, status: result.status ?? 'done' };
        if (result.detail) step.detail = result.detail;
        if (result.memory) step.memory = result.memory;
        outcome = { step, data: result.data };
      } catch {
        outcome = {
          step: { id, tool: name, label: tool.failure, status: 'failed' },
          data: { error: 'The tool did not answer. Answer without it.' },
        };
      }
    }
    this.reply.step(outcome.step);
    return outcome;
  }
}
