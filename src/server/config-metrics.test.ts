import { describe, expect, it } from 'vitest';
import { loadConfig, METRICS_TOKEN_MIN_LENGTH } from './config.js';

const PRODUCTION = { NODE_ENV: 'production', PHONE_HASH_KEY: 'k'.repeat(32) };
const LONG_ENOUGH = 'a1B2-c3D4.e5F6_g7H8~i9J0+k/L='.slice(0, METRICS_TOKEN_MIN_LENGTH);

describe('METRICS_TOKEN', () => {
  it('leaves metrics off when unset or blank', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(loadConfig(PRODUCTION).metricsToken).toBeUndefined();
  });

  it('takes a bearer token, trimmed', () => {
    expect(loadConfig({ METRICS_TOKEN: ' dev-token ' }).metricsToken).toBe('dev-token');
    expect(loadConfig({ ...PRODUCTION, METRICS_TOKEN: LONG_ENOUGH }).metricsToken).toBe(
      LONG_ENOUGH,
    );
    expect(loadConfig({ METRICS_TOKEN: 'YWJjZGVm==' }).metricsToken).toBe('YWJjZGVm==');
  });

  it('refuses what cannot be sent as a bearer token', () => {
    for (const value of ['two words', 'tok=en', 'accentué', 'semi;colon', 'quo"te']) {
      expect(() => loadConfig({ METRICS_TOKEN: value }), value).toThrow(
        /METRICS_TOKEN: a bearer token is letters, digits/,
      );
    }
  });

  it('refuses a short token in production only, saying how long it must be', () => {
    const short = LONG_ENOUGH.slice(1);
    expect(() => loadConfig({ ...PRODUCTION, METRICS_TOKEN: short })).toThrow(
      new RegExp(`METRICS_TOKEN: production needs at least ${METRICS_TOKEN_MIN_LENGTH} characters`),
    );
    expect(loadConfig({ NODE_ENV: 'development', METRICS_TOKEN: short }).metricsToken).toBe(short);
  });
});
