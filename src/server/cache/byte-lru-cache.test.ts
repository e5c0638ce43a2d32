import { describe, expect, it } from 'vitest';
import { ByteLruCache } from './byte-lru-cache.js';

const value = (size: number, name = 'v') => ({ size, name });

describe('a byte-bounded least-recently-used cache', () => {
  it('lets the least recently used go first when the bytes run out, and refuses what cannot fit', () => {
    const cache = new ByteLruCache<ReturnType<typeof value>>(10, 60_000);
    cache.set('a', value(4, 'a'));
    cache.set('b', value(4, 'b'));
    expect(cache.get('a')?.name).toBe('a');
    cache.set('c', value(4, 'c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.name).toBe('a');
    expect(cache.get('c')?.name).toBe('c');
    expect(cache.size).toBe(8);
    cache.set('huge', value(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(8);
  });

  it('forgets a value after its time to live, or at the earlier instant it was given', () => {
    let now = 0;
    const cache = new ByteLruCache<ReturnType<typeof value>>(100, 1000, () => now);
    cache.set('ttl', value(1));
    cache.set('sooner', value(1), 300);
    cache.set('later', value(1), 5000);
    now = 299;
    expect(cache.get('sooner')).toBeDefined();
    now = 300;
    expect(cache.get('sooner')).toBeUndefined();
    now = 999;
    expect(cache.get('ttl')).toBeDefined();
    expect(cache.get('later')).toBeDefined();
    now = 1000;
    expect(cache.get('ttl')).toBeUndefined();
    expect(cache.get('later')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets everything at once', () => {
    const cache = new ByteLruCache<ReturnType<typeof value>>(100, 1000);
    cache.set('a', value(3));
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
