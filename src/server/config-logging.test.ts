import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const PRODUCTION = { NODE_ENV: 'production', PHONE_HASH_KEY: 'k'.repeat(32) };

describe('LOG_FORMAT', () => {
  it('is pretty in development (the default environment) and JSON everywhere else', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig(PRODUCTION).logFormat).toBe('json');
  });

  it('can be set either way outside production', () => {
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ ...PRODUCTION, LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('refuses pretty in production, whose logs are collected as JSON', () => {
    expect(() => loadConfig({ ...PRODUCTION, LOG_FORMAT: 'pretty' })).toThrow(
      /LOG_FORMAT: production logs are JSON lines/,
    );
  });

  it('refuses any other format', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
  });
});
