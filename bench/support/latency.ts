/** Sequential requests (an organiser's browser, not a crowd): p50 and p95 in milliseconds. */
export async function latency(url: string, init: RequestInit, requests: number) {
  const times: number[] = [];
  for (let i = 0; i < requests + 5; i++) {
    const started = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    if (i >= 5) times.push(performance.now() - started); // the first five warm up
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}
