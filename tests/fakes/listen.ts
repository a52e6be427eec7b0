/** How the local fakes (and the tests' balancer) listen on loopback and stop. */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server listening on 127.0.0.1. */
export interface Listening {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  port: number;
  /** Drops every open connection (keep-alive ones included) and resolves once the server is closed. */
  close: () => Promise<void>;
}

/** Starts `server` on 127.0.0.1:`port` (0: a free one). @throws the listen error (e.g. EADDRINUSE). */
export async function listenLocal(server: http.Server, port = 0): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
