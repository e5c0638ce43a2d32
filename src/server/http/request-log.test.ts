import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './request-log.js';
import { loadConfig } from '#server/config.js';
import { buildTestApp } from '#test/support/test-app.js';
import { createTestDatabase } from '#test/support/test-database.js';

describe('the request log', () => {
  it('leaves out the value of a secret in the query, and nothing else', () => {
    expect(withoutSecrets('/api/webhooks/sms/orange?token=s3cret')).toBe(
      '/api/webhooks/sms/orange?token=[redacted]',
    );
    expect(withoutSecrets('/x?a=1&TOKEN=s3cret&b=2#f')).toBe('/x?a=1&TOKEN=[redacted]&b=2#f');
    expect(withoutSecrets('/api/event?page=2')).toBe('/api/event?page=2');
    expect(withoutSecrets('/api/tokens?mytoken=1')).toBe('/api/tokens?mytoken=1');
  });

  it('leaves out the receipt codes in paths and receipt links', () => {
    expect(withoutSecrets('/api/payment/receipt/AB12CD34')).toBe('/api/payment/receipt/[redacted]');
    expect(withoutSecrets('/api/payment/receipt/AB12CD34/resend')).toBe(
      '/api/payment/receipt/[redacted]/resend',
    );
    expect(withoutSecrets('/api/results/ledger/entries/ab12cd34?x=1')).toBe(
      '/api/results/ledger/entries/[redacted]?x=1',
    );
    expect(withoutSecrets('/my-receipts?code=AB12CD34')).toBe('/my-receipts?code=[redacted]');
    expect(withoutSecrets('/api/results/ledger')).toBe('/api/results/ledger');
    expect(withoutSecrets('/api/receipts/lookup/code')).toBe('/api/receipts/lookup/code');
  });

  it('is what the app writes, one line per answered request', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(
      database,
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false' }),
      { logStream: sink },
    );
    try {
      await app.inject({ method: 'POST', url: '/api/webhooks/sms/orange?token=s3cret-value' });
      await app.inject({ method: 'GET', url: '/api/payment/receipt/SECRETCODE42' });
      await app.inject({ method: 'POST', url: '/api/payment/receipt/SECRETCODE42/resend' });
      await app.inject({ method: 'GET', url: '/api/results/ledger/entries/SECRETCODE42' });
    } finally {
      await app.close();
      await database.destroy();
    }
    const requests = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((entry) => entry.req !== undefined);
    // One line per request, written with its answer.
    expect(requests.map((entry) => [entry.msg, entry.req, entry.res])).toEqual([
      [
        'request completed',
        expect.objectContaining({
          method: 'POST',
          url: '/api/webhooks/sms/orange?token=[redacted]',
        }),
        { statusCode: 404 },
      ],
      [
        'request completed',
        expect.objectContaining({ method: 'GET', url: '/api/payment/receipt/[redacted]' }),
        { statusCode: 404 },
      ],
      [
        'request completed',
        expect.objectContaining({ url: '/api/payment/receipt/[redacted]/resend' }),
        { statusCode: 404 },
      ],
      [
        'request completed',
        expect.objectContaining({ url: '/api/results/ledger/entries/[redacted]' }),
        { statusCode: 404 },
      ],
    ]);
    expect(requests.every((entry) => typeof entry.responseTime === 'number')).toBe(true);
    expect(lines.join('')).not.toContain('s3cret-value');
    expect(lines.join('')).not.toContain('SECRETCODE42');
  });

  it('gives a page the server draws one line, not one more for each answer it reads', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const clientDir = await mkdtemp(path.join(tmpdir(), 'palmares-page-'));
    await writeFile(path.join(clientDir, 'index.html'), '<div id="root"></div>');
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(
      database,
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false' }),
      {
        logStream: sink,
        clientDir,
        drawPage: async (_page, read) => {
          await read('/api/event');
          await read('/api/categories');
          return { html: '<p>drawn</p>', data: {} };
        },
      },
    );
    try {
      const page = await app.inject({ method: 'GET', url: '/categories' });
      expect(page.body).toContain('<p>drawn</p>');
      // The same path asked for from outside, with a made-up mark, is logged as usual.
      await app.inject({ url: '/api/event', headers: { 'x-page-drawing': 'guess' } });
    } finally {
      await app.close();
      await database.destroy();
      await rm(clientDir, { recursive: true, force: true });
    }
    const urls = lines
      .map((l) => JSON.parse(l) as { req?: { url: string } })
      .flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toEqual(['/categories', '/api/event']);
  });
});
