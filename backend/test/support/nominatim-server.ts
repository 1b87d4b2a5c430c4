import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface NominatimServer {
  url: string;
  /** The query of every request received, in order. */
  requests: URLSearchParams[];
  userAgents: string[];
  /** The address to answer, or a status to fail with. */
  answer(
    fn: (lat: number, lon: number) => { address: Record<string, string> } | { status: number } | { error: string },
  ): void;
  close(): Promise<void>;
}

/** A real Nominatim-compatible HTTP server for tests: GET /reverse?format=json&lat=&lon=&zoom=. */
export async function startNominatimServer(): Promise<NominatimServer> {
  let behaviour: Parameters<NominatimServer['answer']>[0] = () => ({ error: 'Unable to geocode' });
  const state: NominatimServer = {
    url: '',
    requests: [],
    userAgents: [],
    answer: (fn) => {
      behaviour = fn;
    },
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/reverse') {
      res.writeHead(404).end();
      return;
    }
    state.requests.push(url.searchParams);
    state.userAgents.push(String(req.headers['user-agent']));
    const plan = behaviour(Number(url.searchParams.get('lat')), Number(url.searchParams.get('lon')));
    if ('status' in plan) {
      res.writeHead(plan.status).end('failure');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify('error' in plan ? plan : { place_id: 1, display_name: 'somewhere', ...plan }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
