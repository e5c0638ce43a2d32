import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { MixRequest } from './mixed-traffic.js';
import { openLoop } from './open-loop.js';

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A loopback server answering each request after `delayMs(path)`. */
async function serve(delayMs: (path: string) => number): Promise<string> {
  server = http.createServer((request, response) => {
    setTimeout(() => response.end('ok'), delayMs(request.url ?? '/'));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function requests() {
  let n = 0;
  /** In the order they came, which on one connection is the order they were sent. */
  const answers: { status: number; latencyMs: number }[] = [];
  return {
    answers,
    next: (): MixRequest => ({ kind: 'categories', method: 'GET', path: `/${n++}`, headers: {} }),
    answered: (_kind: MixRequest['kind'], status: number, _body: string, latencyMs: number) =>
      answers.push({ status, latencyMs }),
  };
}

it('offers the rate asked for, whatever the answers do, and times the wait behind a slow one', async () => {
  // One connection, and the first answer takes 300 ms: a closed loop would send nothing meanwhile
  // and time the next answers from when they were sent; here they were due all along.
  const origin = await serve((path) => (path === '/0' ? 300 : 0));
  const mix = requests();
  const result = await openLoop({
    origin,
    rate: 100,
    seconds: 1,
    connections: 1,
    next: mix.next,
    answered: mix.answered,
  });
  expect(result.requests.total).toBe(100);
  expect(result.errors).toBe(0);
  expect(mix.answers).toHaveLength(100);
  expect(mix.answers.every((answer) => answer.status === 200)).toBe(true);
  // The request due 10 ms after the first waited behind it: about 290 ms from when it was due.
  expect(mix.answers[1]!.latencyMs).toBeGreaterThan(250);
});

it('counts an answer past the timeout as an error, and goes on', async () => {
  const origin = await serve((path) => (path === '/1' ? 2000 : 0));
  const mix = requests();
  const result = await openLoop({
    origin,
    rate: 20,
    seconds: 0.5,
    connections: 4,
    timeoutMs: 200,
    next: mix.next,
    answered: mix.answered,
  });
  expect(result).toMatchObject({ requests: { total: 10 }, errors: 1, timeouts: 1 });
  expect(mix.answers).toHaveLength(9);
});

it('refuses any origin but loopback, before connecting', async () => {
  const mix = requests();
  await expect(
    openLoop({
      origin: 'http://192.0.2.1:80',
      rate: 1,
      seconds: 1,
      connections: 1,
      next: mix.next,
      answered: mix.answered,
    }),
  ).rejects.toThrow(/loopback only/);
});
