import { percentile } from './percentile.js';

/** One request, its body read to the end: milliseconds. An error status throws. */
export async function timeRequest(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

/** p50 and p95 of request times in milliseconds. */
export function latencyOf(times: readonly number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

/** Sequential requests (an organiser's browser, not a crowd): p50 and p95 in milliseconds. */
export async function latency(url: string, init: RequestInit, requests: number) {
  const times: number[] = [];
  for (let i = 0; i < requests + 5; i++) {
    const ms = await timeRequest(url, init);
    if (i >= 5) times.push(ms); // the first five warm up
  }
  return latencyOf(times);
}
