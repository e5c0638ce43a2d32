import { ByteLruCache } from '#server/cache/byte-lru-cache.js';
import {
  defaultImageFetchPolicy,
  fetchImage,
  type FetchedImage,
  type ImageFetchPolicy,
} from './image-fetcher.js';

/** Receipts show a handful of artist photos over and over: 32 MB of them covers an event. */
const CACHE_BYTES = 32 * 1024 * 1024;
const CACHE_TTL_MS = 60 * 60 * 1000;

/** Fetched images, cached in memory; concurrent requests for one URL share one fetch. */
export class ImageProxy {
  private readonly cache = new ByteLruCache<FetchedImage>(CACHE_BYTES, CACHE_TTL_MS);
  private readonly inflight = new Map<string, Promise<FetchedImage>>();

  constructor(readonly policy: ImageFetchPolicy = defaultImageFetchPolicy) {}

  async get(url: string): Promise<FetchedImage & { cached: boolean }> {
    const hit = this.cache.get(url);
    if (hit) return { ...hit, cached: true };
    let pending = this.inflight.get(url);
    if (!pending) {
      pending = fetchImage(url, this.policy)
        .then((image) => {
          this.cache.set(url, image);
          return image;
        })
        .finally(() => this.inflight.delete(url));
      this.inflight.set(url, pending);
    }
    return { ...(await pending), cached: false };
  }
}
