/**
 * The baseline: a bare Fastify hello-world, measured in the same run as the app.
 * `hello-server.ts <port> [url...]` also serves, at /copy/<i>, the uncompressed bytes the i-th URL
 * answered at start-up: what bare Fastify achieves when sending exactly the app's payload.
 */
import Fastify from 'fastify';

const [port, ...urls] = process.argv.slice(2);
const copies = await Promise.all(
  urls.map(async (url) => {
    const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    return Buffer.from(await response.arrayBuffer());
  }),
);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get<{ Params: { index: string } }>('/copy/:index', async (request, reply) =>
  reply.type('application/json; charset=utf-8').send(copies[Number(request.params.index)]),
);
await app.listen({ port: Number(port), host: '127.0.0.1' });
