import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';
import http from 'node:http';

/**
 * A constructor building `base` objects whose prototype is `prototype` (an object inheriting from
 * `base.prototype`) from the start. `base` runs as a plain function on the new object: Node's
 * IncomingMessage and ServerResponse are such functions (Reflect.construct with another new.target
 * measured slower than Express's own prototype swap). Undefined when that cannot be done.
 */
function bornWith<C extends new (...args: never[]) => object>(base: C, prototype: object): C | undefined {
  if (!(prototype instanceof base) || /^class\b/.test(Function.prototype.toString.call(base))) return undefined;
  function Born(this: object, ...args: unknown[]): void {
    Reflect.apply(base, this, args);
  }
  Born.prototype = prototype;
  return Born as unknown as C;
}

/**
 * Nest's Express adapter, with one change to the HTTP server it creates: every request and response
 * is born with Express's request and response prototypes.
 *
 * Express otherwise gives each request and response its prototype on arrival (Object.setPrototypeOf
 * in app.handle). Changing an object's prototype discards what V8 had learnt about objects of its
 * shape, so every later property read on a request or response (in Express, its router,
 * body-parser, cookie-parser, helmet, Nest and Node's own http code) went through V8's slow lookup
 * path, a large share of the api's CPU per request (bench:waitlist measures it). Born with the right prototype,
 * Express's setPrototypeOf has nothing to change.
 */
export class ExpressHttpAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    // Options our processes do not use: Nest's own server.
    if (options?.httpsOptions || options?.forceCloseConnections) return super.initHttpServer(options);
    const app = this.getInstance<Express>();
    const IncomingMessage = bornWith<typeof http.IncomingMessage>(http.IncomingMessage, app.request);
    const ServerResponse = bornWith<typeof http.ServerResponse>(http.ServerResponse, app.response);
    // A Node whose classes cannot be built so: Nest's own server.
    if (!IncomingMessage || !ServerResponse) return super.initHttpServer(options);
    this.httpServer = http.createServer({ IncomingMessage, ServerResponse }, app);
  }
}
