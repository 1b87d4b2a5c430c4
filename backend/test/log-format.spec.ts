import { Logger } from '@nestjs/common';
import { Writable } from 'node:stream';
import { AppLogger } from '../src/platform/logging/app-logger';
import { chooseLogFormat, createRootLogger } from '../src/platform/logging/log-format';

/** A stream that keeps what is written, standing for a terminal (isTTY) or a pipe. */
function sink(isTTY: boolean) {
  let text = '';
  const stream = Object.assign(
    new Writable({
      write(chunk, _encoding, callback) {
        text += String(chunk);
        callback();
      },
    }),
    { isTTY },
  );
  return { stream, lines: () => text.split('\n').filter(Boolean) };
}

describe('the log format', () => {
  it('is readable on a terminal and JSON when piped, unless LOG_FORMAT chooses', () => {
    expect(chooseLogFormat('auto', true)).toBe('pretty');
    expect(chooseLogFormat('auto', false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });

  it('writes one JSON object a line to a pipe', () => {
    const out = sink(false);
    new AppLogger(createRootLogger({ LOG_LEVEL: 'info', LOG_FORMAT: 'auto' }, out.stream)).log(
      'Refund queued',
      'Payments',
    );
    expect(out.lines()).toHaveLength(1);
    expect(JSON.parse(out.lines()[0])).toMatchObject({ level: 30, context: 'Payments', msg: 'Refund queued' });
  });

  it('writes a line a person reads to a terminal: time, level, context, message, a request in brief', () => {
    const out = sink(true);
    const root = createRootLogger({ LOG_LEVEL: 'info', LOG_FORMAT: 'auto' }, out.stream);
    new AppLogger(root).log('Refund queued', 'Payments');
    root.info(
      { req: { id: 1, method: 'POST', url: '/api/waitlist' }, res: { statusCode: 200 }, responseTime: 3 },
      'request completed',
    );
    // eslint-disable-next-line no-control-regex
    const [refund, completed] = out.lines().map((line) => line.replace(/\u001b\[[0-9;]*m/g, ''));
    expect(refund).toMatch(/^\[?\d\d:\d\d:\d\d\]? INFO: \[Payments\] Refund queued$/);
    expect(completed).toMatch(/INFO: request completed POST \/api\/waitlist 200 3 ms$/);
  });

  it('keeps Nest’s start-up chatter (modules loaded, routes mapped) for LOG_LEVEL=debug', () => {
    for (const [level, expected] of [
      ['info', ['api listening on port 3000']],
      [
        'debug',
        ['AppModule dependencies initialized', 'Mapped {/api/waitlist, POST} route', 'api listening on port 3000'],
      ],
    ] as const) {
      const out = sink(false);
      Logger.overrideLogger(new AppLogger(createRootLogger({ LOG_LEVEL: level, LOG_FORMAT: 'json' }, out.stream)));
      try {
        new Logger('InstanceLoader').log('AppModule dependencies initialized');
        new Logger('RouterExplorer').log('Mapped {/api/waitlist, POST} route');
        new Logger().log('api listening on port 3000');
      } finally {
        Logger.overrideLogger(false);
      }
      expect(out.lines().map((line) => JSON.parse(line).msg)).toEqual(expected);
    }
  });
});
