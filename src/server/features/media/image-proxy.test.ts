import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { call } from '#test/support/call-app.js';
import { createTestApp, startTestApp, type TestApp } from '#test/support/test-app.js';
import { isPublicAddress } from './address-policy.js';
import { defaultImageFetchPolicy, fetchImage, type ImageFetchPolicy } from './image-fetcher.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A local image host whose answers each test scripts by path. */
async function imageServer() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const port = (server.address() as AddressInfo).port;
    switch (req.url) {
      case '/photo.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
        return res.end(PNG);
      case '/page.html':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html></html>');
      case '/liar.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end('<html><script>alert(1)</script></html>');
      case '/drawing.svg':
        res.writeHead(200, { 'content-type': 'image/svg+xml' });
        return res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      case '/huge-declared.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': 50_000_000 });
        return res.end(PNG);
      case '/huge-streamed.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG);
        return res.end(Buffer.alloc(64 * 1024));
      case '/slow.png':
        return setTimeout(() => {
          if (!res.destroyed) res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        }, 2000);
      case '/redirect':
        res.writeHead(302, { location: '/photo.png' });
        return res.end();
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        return res.end();
      case '/to-private':
        res.writeHead(302, { location: `http://10.0.0.7:${port}/photo.png` });
        return res.end();
      case '/to-internal-name':
        res.writeHead(301, { location: `http://internal.test:${port}/photo.png` });
        return res.end();
      case '/to-other-port':
        res.writeHead(307, { location: 'http://127.0.0.1:1/photo.png' });
        return res.end();
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const policy: ImageFetchPolicy = {
    // Only this one loopback address and port stand in for "the public internet".
    isAllowedAddress: (address) => address === '127.0.0.1',
    allowedPorts: [port],
    resolve: async (hostname) =>
      ({
        'images.test': ['127.0.0.1'],
        'internal.test': ['127.0.0.2'],
        'mixed.test': ['127.0.0.1', '10.0.0.1'],
      })[hostname] ?? Promise.reject(new Error('ENOTFOUND')),
    maxBytes: 32 * 1024,
    timeoutMs: 500,
    maxRedirects: 3,
  };
  return { server, port, hits, policy, base: `http://images.test:${port}` };
}

describe('image fetcher', () => {
  let host: Awaited<ReturnType<typeof imageServer>>;
  beforeAll(async () => {
    host = await imageServer();
  });
  afterAll(() => new Promise<void>((resolve) => host.server.close(() => resolve())));

  const refused = (path: string, status: number) =>
    expect(fetchImage(`${host.base}${path}`, host.policy)).rejects.toMatchObject({
      statusCode: status,
    });

  it('fetches an image by name, connecting to the checked address', async () => {
    const image = await fetchImage(`${host.base}/photo.png`, host.policy);
    expect(image.contentType).toBe('image/png');
    expect(image.body.equals(PNG)).toBe(true);
    expect((await fetchImage(`${host.base}/redirect`, host.policy)).contentType).toBe('image/png');
  });

  it('wants an image content type and image bytes, and no SVG', async () => {
    await refused('/page.html', 415);
    await refused('/liar.png', 415);
    await refused('/drawing.svg', 415);
  });

  it('enforces the size and time limits', async () => {
    await refused('/huge-declared.png', 413);
    await refused('/huge-streamed.png', 413);
    await refused('/slow.png', 502);
  });

  it('checks every redirect hop: address, resolved name and port', async () => {
    await refused('/to-private', 403);
    await refused('/to-internal-name', 403);
    await refused('/to-other-port', 400);
    await refused('/loop', 502);
    await refused('/missing.png', 404);
  });

  it('refuses a name with any non-public answer, and unknown names', async () => {
    await expect(
      fetchImage(`http://mixed.test:${host.port}/photo.png`, host.policy),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(
      fetchImage(`http://nowhere.test:${host.port}/photo.png`, host.policy),
    ).rejects.toMatchObject({
      statusCode: 502,
    });
  });

  it('classifies addresses', () => {
    for (const address of [
      '8.8.8.8',
      '2606:4700::1111',
      // IPv6 forms that carry a public IPv4 address: judged by that address.
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    ])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: true });
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::ffff:127.0.0.1',
      'fe80::1',
      'fd00:ec2::254',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      // IPv4-compatible (::/96): loopback, cloud metadata, private.
      '::127.0.0.1',
      '::7f00:1',
      '::a9fe:a9fe',
      '::10.0.0.1',
      '::',
      // NAT64 with a private address, and the local-use NAT64 prefix (where the IPv4 sits varies).
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::808:808',
      '2002:a9fe:a9fe::',
      // Teredo: a private server, or a client that is loopback once un-obfuscated.
      '2001:0:a00:1:8000:63bf:f7f7:f7f7',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      'not an ip',
    ]) {
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
    }
  });
});

describe('GET /api/image-proxy', () => {
  let t: TestApp;
  let host: Awaited<ReturnType<typeof imageServer>>;
  beforeAll(async () => {
    host = await imageServer();
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => host.server.close(() => resolve()));
  });

  it.each([
    ['', 400],
    ['ftp://example.com/a.png', 400],
    ['javascript:alert(1)', 400],
    ['file:///etc/passwd', 400],
    ['not a url', 400],
    ['http://user:pass@example.com/a.png', 400],
    ['http://example.com:22/a.png', 400],
    ['http://127.0.0.1/a.png', 403],
    ['http://0x7f000001/a.png', 403],
    ['http://localhost/a.png', 403],
    ['http://[::1]/a.png', 403],
    ['http://[::ffff:127.0.0.1]/a.png', 403],
    ['http://169.254.169.254/latest/meta-data/', 403],
    ['http://10.0.0.1/a.png', 403],
    ['http://192.168.0.10/a.png', 403],
  ])('refuses %s (%i)', async (url, status) => {
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/image-proxy?url=${encodeURIComponent(url)}`,
    });
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses IPv6 forms that embed a non-public IPv4 address without connecting anywhere', async () => {
    const listener = net.createServer((socket) => socket.destroy());
    let connections = 0;
    listener.on('connection', () => connections++);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    const resolve = vi.fn(defaultImageFetchPolicy.resolve);
    const httpRequest = vi.spyOn(http, 'request');
    const httpsRequest = vi.spyOn(https, 'request');
    const app = await startTestApp(
      t.database,
      {},
      {
        imageFetchPolicy: {
          ...defaultImageFetchPolicy,
          allowedPorts: [...defaultImageFetchPolicy.allowedPorts, port],
          resolve,
        },
      },
    );
    try {
      for (const url of [
        'http://[::127.0.0.1]:8080/',
        `http://[::127.0.0.1]:${port}/a.png`,
        `http://[::a9fe:a9fe]:${port}/latest/meta-data/`,
        `http://[::ffff:127.0.0.1]:${port}/a.png`,
        `http://[64:ff9b::7f00:1]:${port}/a.png`,
        `https://[2002:7f00:1::]:${port}/a.png`,
      ]) {
        const res = await call(app, {
          method: 'GET',
          url: `/api/image-proxy?url=${encodeURIComponent(url)}`,
        });
        expect({ url, status: res.status }).toEqual({ url, status: 403 });
        expect(typeof res.body.message).toBe('string');
      }
      expect(resolve).not.toHaveBeenCalled();
      expect(httpRequest).not.toHaveBeenCalled();
      expect(httpsRequest).not.toHaveBeenCalled();
      expect(connections).toBe(0);
    } finally {
      httpRequest.mockRestore();
      httpsRequest.mockRestore();
      await app.close();
      await new Promise<void>((done) => listener.close(() => done()));
    }
  });

  it('serves an allowed image with safe headers, from cache the second time', async () => {
    const app = await startTestApp(t.database, {}, { imageFetchPolicy: host.policy });
    onTestFinished(() => app.close());
    const url = `/api/image-proxy?url=${encodeURIComponent(`${host.base}/photo.png`)}`;
    const before = host.hits.length;
    const first = await call(app, { method: 'GET', url });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['cache-control']).toMatch(/max-age/);
    expect(first.bytes.equals(PNG)).toBe(true);
    const second = await call(app, { method: 'GET', url });
    expect(second.headers['x-proxy-cache']).toBe('hit');
    expect(host.hits.length).toBe(before + 1);
  });
});
