import { createServer } from 'node:net';

/** Whether a loopback port can be listened on now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port free now, chosen by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Linux hands out 32768 and up to outgoing connections: a server's fixed port stays below. */
const EPHEMERAL_START = 32768;
const LOWEST = 20000;

/**
 * The first of `count` consecutive loopback ports, all free now and below the range the system
 * gives outgoing connections, so no database or Redis connection can take one meanwhile.
 */
export async function freePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const base = LOWEST + Math.floor(Math.random() * (EPHEMERAL_START - LOWEST - count));
    const ports = Array.from({ length: count }, (_, i) => base + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports between ${LOWEST} and ${EPHEMERAL_START}`);
}
