/**
 * The baseline: a bare Fastify hello-world, measured in the same run as the app.
 * `hello-server.ts <port> [url...]` also serves, at /copy/<i>/<encoding>, the exact bytes the i-th
 * URL answered at start-up in that encoding (identity or br): what bare Fastify achieves when
 * sending the app's payload, i.e. the ceiling that the payload's size sets on this machine.
 */
import Fastify from 'fastify';
import { get } from 'node:http';

const ENCODINGS = ['identity', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The body as sent (node:http, unlike fetch, does not decompress it). */
const rawBody = (url: string, encoding: Encoding) =>
  new Promise<Buffer>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    }).on('error', reject);
  });

const [port, ...urls] = process.argv.slice(2);
const copies = await Promise.all(
  urls.map(async (url) => ({
    identity: await rawBody(url, 'identity'),
    br: await rawBody(url, 'br'),
  })),
);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// What HAProxy's health checks ask, when two of these stand behind it as the cluster's ceiling.
app.get('/readyz', async () => ({ status: 'ok' }));
app.get<{ Params: { index: string; encoding: Encoding } }>(
  '/copy/:index/:encoding',
  async (request, reply) => {
    const { index, encoding } = request.params;
    const copy = copies[Number(index)];
    if (!copy || !ENCODINGS.includes(encoding)) return reply.status(404).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(copy[encoding]);
  },
);
await app.listen({ port: Number(port), host: '127.0.0.1' });
