import 'reflect-metadata';
import { AppError } from '../../../common/app-error';
import { createValidationPipe } from '../../../common/validation.pipe';
import { StreamChatDto } from './chat.dto';

/** What class-validator alone makes of a body: the instance, or its 400. */
async function throughClassValidator(body: unknown): Promise<unknown> {
  const pipe = createValidationPipe();
  // Read by the pipe's own class-validator path, not by readPlainly.
  const metadata = { type: 'body' as const, metatype: class extends StreamChatDto {} };
  Object.defineProperty(metadata.metatype, 'readPlainly', { value: undefined });
  try {
    return JSON.parse(JSON.stringify(await pipe.transform(body, metadata)));
  } catch (error) {
    if (error instanceof AppError) return { refused: error.message };
    throw error;
  }
}

const uuid = () => crypto.randomUUID();
const turn = (content = 'A yacht in Monaco next weekend', role = 'user') => ({ role, content });

/** A small seeded generator, so a failure names a body that can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

function oneOf<T>(next: () => number, values: T[]): T {
  return values[Math.floor(next() * values.length)];
}

describe('a member’s message read without class-validator’s machinery (StreamChatDto.readPlainly)', () => {
  const plainly: unknown[] = [
    { messages: [turn()] },
    { threadId: uuid(), userMessageId: uuid(), messages: [turn()] },
    { threadId: 'bench', messages: [turn('Hello', 'assistant'), turn('Hi', 'system'), turn()] },
    { threadId: null, userMessageId: null, replaceFrom: uuid(), messages: [turn('')] },
    { threadId: 'x'.repeat(100), messages: Array.from({ length: 200 }, () => turn('é'.repeat(20000))) },
    // Unknown properties are dropped, in the body and in each message.
    { sneaky: true, messages: [{ ...turn(), extra: 1 }] },
    // An emoji counts as one character, as class-validator counts it.
    { messages: [turn('👑'.repeat(20000))] },
  ];

  it.each(plainly.map((body) => [body]))('takes a valid body as the pipe would: %#', async (body) => {
    const read = StreamChatDto.readPlainly(body);
    expect(read).toBeInstanceOf(StreamChatDto);
    expect(JSON.parse(JSON.stringify(read))).toEqual(await throughClassValidator(body));
  });

  const left: unknown[] = [
    null,
    [],
    'text',
    {},
    { messages: [] },
    { messages: 'A yacht' },
    { messages: Array.from({ length: 201 }, () => turn()) },
    { messages: [turn('x'.repeat(20001))] },
    { messages: [turn('Hi', 'admin')] },
    { messages: [{ role: 'user' }] },
    { messages: [{ role: 'user', content: 12 }] },
    { messages: [null] },
    { messages: [[turn()]] },
    { threadId: 'x'.repeat(101), messages: [turn()] },
    { threadId: 12, messages: [turn()] },
    { userMessageId: 'not-a-uuid', messages: [turn()] },
    // Our own UUID pattern would take it; class-validator's (version and variant nibbles) does not.
    { userMessageId: '12345678-1234-0234-1234-123456789012', messages: [turn()] },
    { replaceFrom: 7, messages: [turn()] },
  ];

  it.each(left.map((body) => [body]))(
    'leaves any other body to class-validator, which refuses it: %#',
    async (body) => {
      expect(StreamChatDto.readPlainly(body)).toBeNull();
      expect(await throughClassValidator(body)).toHaveProperty('refused');
    },
  );

  it('never takes a body that class-validator would refuse or read otherwise (2,000 generated bodies)', async () => {
    const next = random(20261126);
    const strings = ['', 'A table', 'x'.repeat(100), 'x'.repeat(101), 'x'.repeat(20001), uuid(), 'not-a-uuid'];
    const values = [undefined, null, 0, true, [], {}, ...strings];
    const field = () => (next() < 0.3 ? undefined : oneOf(next, values));
    let taken = 0;
    for (let i = 0; i < 2000; i += 1) {
      const messages =
        next() < 0.1
          ? oneOf(next, values)
          : Array.from({ length: Math.floor(next() * 4) }, () =>
              next() < 0.15
                ? oneOf(next, values)
                : { role: oneOf(next, ['user', 'assistant', 'system', 'staff', 1]), content: oneOf(next, values) },
            );
      const body: Record<string, unknown> = { messages };
      for (const key of ['threadId', 'userMessageId', 'replaceFrom', 'extra']) {
        const value = field();
        if (value !== undefined) body[key] = value;
      }
      const read = StreamChatDto.readPlainly(body);
      if (read === null) continue;
      taken += 1;
      expect(JSON.parse(JSON.stringify(read))).toEqual(await throughClassValidator(body));
    }
    // The generator does reach the fast path, or this test would prove nothing.
    expect(taken).toBeGreaterThan(20);
  });
});
