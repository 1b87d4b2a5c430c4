import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server for tests. `failNext(n)` makes the next n messages fail with a 451
 * (a temporary outage), so retry behaviour is tested against the protocol, not a mock.
 * `holdNext(n)` leaves the next n messages unanswered after their data arrived (a server slow to
 * accept, or one that hangs) until `release()`; a client that disconnects meanwhile loses its
 * message, as with a real server. `waitForHeld(n)` resolves once n messages are held so.
 */
export async function startSmtpSink(): Promise<{
  url: string;
  received: ReceivedEmail[];
  failNext(count: number): void;
  holdNext(count: number): void;
  release(): void;
  waitForHeld(count: number): Promise<void>;
  /** Refuses these recipients at RCPT TO with a 550 (no such mailbox): a hard bounce. */
  rejectRecipients(addresses: string[]): void;
  close(): Promise<void>;
}> {
  const rejected = new Set<string>();
  const received: ReceivedEmail[] = [];
  const events = new EventEmitter();
  let failures = 0;
  let holds = 0;
  const held = new Map<string, () => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!rejected.has(address.address.toLowerCase())) return callback();
      const error = new Error(`5.1.1 <${address.address}>: Recipient address rejected: no such mailbox`) as Error & {
        responseCode: number;
      };
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          const error = new Error('Temporary outage, try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        const accept = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (holds > 0) {
          holds -= 1;
          held.set(session.id, accept);
          events.emit('held');
          return;
        }
        accept();
      });
    },
    onClose(session) {
      held.delete(session.id);
    },
  });
  // A client killed mid-session (the launcher test SIGKILLs the worker) resets its connection; a
  // real server logs that and carries on, and so does this one (unhandled, it would end the run).
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext: (count) => {
      failures = count;
    },
    holdNext: (count) => {
      holds = count;
    },
    release: () => {
      holds = 0;
      const waiting = [...held.values()];
      held.clear();
      for (const accept of waiting) accept();
    },
    waitForHeld: (count) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (held.size < count) return;
          events.off('held', check);
          resolve();
        };
        events.on('held', check);
        check();
      }),
    rejectRecipients: (addresses) => {
      rejected.clear();
      for (const address of addresses) rejected.add(address.toLowerCase());
    },
    close: () => {
      held.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
