import { describe, expect, it } from 'vitest';
import { proxiedImageUrl } from './proxied-image-url';

const origin = 'https://palmares.example';

describe('proxiedImageUrl', () => {
  it('proxies external http(s) images', () => {
    expect(proxiedImageUrl('https://cdn.example.com/a b.jpg', origin)).toBe(
      '/api/image-proxy?url=https%3A%2F%2Fcdn.example.com%2Fa%20b.jpg',
    );
    expect(proxiedImageUrl('http://cdn.example.com/a.png', origin)).toBe(
      '/api/image-proxy?url=http%3A%2F%2Fcdn.example.com%2Fa.png',
    );
  });

  it('keeps our own images and drops empty ones', () => {
    expect(proxiedImageUrl('/demo/artists/aya.jpg', origin)).toBe('/demo/artists/aya.jpg');
    expect(proxiedImageUrl(`${origin}/demo/a.jpg`, origin)).toBe(`${origin}/demo/a.jpg`);
    expect(proxiedImageUrl('  ', origin)).toBeNull();
    expect(proxiedImageUrl(null, origin)).toBeNull();
  });
});
