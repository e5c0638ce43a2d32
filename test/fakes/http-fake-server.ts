import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server for a test stand-in (a payment provider, a translator, an identity
 * provider), on 127.0.0.1 and a free port. Closing drops open connections too, so a test never
 * waits for a client's keep-alive to end.
 */
export interface HttpFakeServer {
  readonly server: http.Server;
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Stops listening; safe to call when already closed. */
  close(): Promise<void>;
  /** Listens again on the same port, as a service coming back. */
  reopen(): Promise<void>;
}

export async function startHttpFakeServer(
  handler?: http.RequestListener,
  /** A fixed port, for a fake a separately started app must be told about (0: any free one). */
  fixedPort = 0,
): Promise<HttpFakeServer> {
  const server = http.createServer(handler);
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(fixedPort);
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      // Already closed: the callback gets ERR_SERVER_NOT_RUNNING, which is fine here.
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    reopen: () => listen(port),
  };
}
