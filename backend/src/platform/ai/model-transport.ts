import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';

/**
 * The `fetch` the openai SDK sends its requests through: node:http with agents that keep their
 * connections to the model's server for as long as that server keeps them open.
 *
 * What it buys: the time to a member's first word. Node's built-in fetch drops an idle connection
 * a few seconds before the server's keep-alive hint runs out, so a member who writes after a pause
 * pays for a new connection (a TLS handshake, against a hosted model), and its request handling costs
 * more than node:http's for the same bytes. The README's performance section has the figure with
 * and without it. Anything this does not carry (a streamed or multipart body) goes through the
 * built-in fetch unchanged.
 */
export class ModelTransport {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo' }),
    'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo' }),
  };

  /** For the SDK's `fetch` option. */
  readonly fetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const body = init.body;
    const plainBody = body == null || typeof body === 'string' || body instanceof Uint8Array;
    if (input instanceof Request || !plainBody || !(url.protocol in this.agents)) return fetch(input, init);
    return this.send(url, init, body ?? undefined);
  };

  /** Closes the kept connections (the api's shutdown). */
  close(): void {
    for (const agent of Object.values(this.agents)) agent.destroy();
  }

  private send(url: URL, init: RequestInit, body: string | Uint8Array | undefined): Promise<Response> {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const send = url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const request = send(
        url,
        {
          method: init.method ?? 'GET',
          headers,
          agent: this.agents[url.protocol as keyof typeof this.agents],
          signal: init.signal ?? undefined,
        },
        (response) => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          const status = response.statusCode ?? 502;
          if (NO_BODY.has(status)) response.resume();
          resolve(
            new Response(NO_BODY.has(status) ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), {
              status,
              statusText: response.statusMessage,
              headers: answerHeaders,
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
}

/** Statuses a Response may not carry a body with. */
const NO_BODY = new Set([101, 204, 205, 304]);
