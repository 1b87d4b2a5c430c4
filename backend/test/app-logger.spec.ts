import { Logger } from '@nestjs/common';
import { Writable } from 'node:stream';
import pino from 'pino';
import { AppLogger } from '../src/platform/logging/app-logger';

function capture(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { logger: new AppLogger(pino({ level }, sink)), lines };
}

describe('the application logger', () => {
  it('writes what Nest’s Logger says as one JSON line with its context', () => {
    const { logger, lines } = capture();
    Logger.overrideLogger(logger);
    try {
      new Logger('Payments').log('Refund queued');
      new Logger('Payments').warn('Stripe answered slowly');
      new Logger('Mail').debug('not at info level');
    } finally {
      Logger.overrideLogger(false);
    }
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, context: 'Payments', msg: 'Refund queued' }),
      expect.objectContaining({ level: 40, context: 'Payments', msg: 'Stripe answered slowly' }),
    ]);
  });

  it('keeps an error’s stack, given as an Error or as Nest’s handlers pass it (message, stack)', () => {
    const { logger, lines } = capture();
    const failure = new Error('connection refused');
    logger.error(failure, 'Outbox');
    logger.error('Unhandled failure', failure.stack, 'ExceptionsHandler');
    expect(lines[0]).toMatchObject({ level: 50, context: 'Outbox', err: { message: 'connection refused' } });
    expect(lines[1]).toMatchObject({
      level: 50,
      context: 'ExceptionsHandler',
      err: { message: 'Unhandled failure', stack: failure.stack },
    });
  });
});
