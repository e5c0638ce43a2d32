import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const PRODUCTION = { NODE_ENV: 'production', PHONE_HASH_KEY: 'k'.repeat(32) };

describe('HOST', () => {
  it('listens on loopback only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, or when set to false or 0', () => {
    for (const value of [undefined, '', 'false', 'no', '0']) {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy, String(value)).toBe(false);
    }
  });

  it('takes a number of proxy hops', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('takes a comma-separated list of proxy addresses, CIDR ranges and named ranges', () => {
    expect(
      loadConfig({ ...PRODUCTION, TRUST_PROXY: ' 10.0.0.7, 10.1.0.0/16,fd00::/8 , loopback' })
        .trustProxy,
    ).toEqual(['10.0.0.7', '10.1.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('refuses what is neither', () => {
    for (const value of ['10.0.0.0/33', 'proxy.internal', '1.5', '-1', '10.0.0.1,,', 'maybe']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('refuses a bare true in production, saying what to set instead', () => {
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: .*forge.*number of proxies.*addresses/,
    );
  });

  it('keeps a bare true outside production, with a warning', () => {
    const config = loadConfig({ NODE_ENV: 'development', TRUST_PROXY: 'true' });
    expect(config.trustProxy).toBe(true);
    expect(config.warnings.join('\n')).toMatch(/TRUST_PROXY=true/);
    expect(loadConfig({ TRUST_PROXY: '1' }).warnings).toEqual([]);
  });
});

describe('DATABASE_POOL_SIZE and SHUTDOWN_DRAIN_MS', () => {
  it('default to a pool of 10 and no drain (a developer’s Ctrl-C stops at once)', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolSize: 10, shutdownDrainMs: 0 });
    expect(loadConfig({ DATABASE_POOL_SIZE: '40', SHUTDOWN_DRAIN_MS: '11000' })).toMatchObject({
      databasePoolSize: 40,
      shutdownDrainMs: 11000,
    });
  });

  it('refuse a pool too small for a settlement beside a request, and a negative drain', () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-5' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});
