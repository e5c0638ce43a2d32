import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './request-log.js';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
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

  it('is what the app writes on arrival', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const database = await createTestDatabase('pglite');
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false' }),
      database,
      logStream: sink,
    });
    try {
      await app.inject({ method: 'POST', url: '/api/webhooks/sms/orange?token=s3cret-value' });
    } finally {
      await app.close();
      await database.destroy();
    }
    const arrival = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((entry) => entry.msg === 'incoming request');
    expect(arrival?.req).toMatchObject({
      method: 'POST',
      url: '/api/webhooks/sms/orange?token=[redacted]',
    });
    expect(lines.join('')).not.toContain('s3cret-value');
  });
});
