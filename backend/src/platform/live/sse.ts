import type { Request, Response } from 'express';

/** One Server-Sent Events frame; `id` lets a client say where it stopped (Last-Event-ID). */
export function sseFrame(event: string, data: unknown, id?: string | number): string {
  return `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/** Sets a response up as an event stream. Headers leave with the first write. */
export function openEventStream(request: Request, response: Response): void {
  request.socket.setNoDelay(true);
  response.status(200);
  response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  response.setHeader('Cache-Control', 'no-cache, no-transform');
  response.setHeader('Connection', 'keep-alive');
  response.setHeader('X-Accel-Buffering', 'no');
}

/**
 * Keeps a long-lived stream open through proxies that close idle connections: a comment line
 * every `everyMs`. The answer stops it.
 */
export function keepAlive(response: Response, everyMs = 20_000): () => void {
  const timer = setInterval(() => {
    if (!response.writableEnded) response.write(': keep-alive\n\n');
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
