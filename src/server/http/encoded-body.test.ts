import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeBody, pickEncoding } from './encoded-body.js';

describe('encoded bodies', () => {
  it('round-trips every encoding', () => {
    const value = { list: Array.from({ length: 50 }, (_, i) => ({ i, name: `Nominee ${i}` })) };
    const body = encodeBody(value);
    expect(JSON.parse(body.identity.toString())).toEqual(value);
    expect(JSON.parse(gunzipSync(body.gzip).toString())).toEqual(value);
    expect(JSON.parse(brotliDecompressSync(body.br).toString())).toEqual(value);
    expect(body.br.length).toBeLessThan(body.identity.length);
  });

  it('picks the best encoding the client accepts', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('GZIP')).toBe('gzip');
  });

  it('answers the same after remembering more distinct headers than it keeps', () => {
    for (let i = 0; i < 300; i++) {
      expect(pickEncoding(`gzip;q=0.${(i % 9) + 1}, x-${i}`)).toBe('gzip');
      expect(pickEncoding(`br;q=0, identity, y-${i}`)).toBe('identity');
    }
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
  });
});
