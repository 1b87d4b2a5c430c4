import type { Request } from 'express';

/** The client's address as express resolved it (honours TRUST_PROXY via 'trust proxy'). */
export function clientIp(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
