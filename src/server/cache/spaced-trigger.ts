/**
 * Runs `run` shortly after the first of a burst of triggers, then at most once per `spacingMs`
 * while triggers keep coming: a quiet night sees a change within `firstDelayMs`, a busy one pays
 * for one run a `spacingMs` however many triggers arrive. A trigger during a wait is folded into
 * the run that ends it, so none is lost.
 */
export function spacedTrigger(
  run: () => void,
  options: { firstDelayMs: number; spacingMs: number; now?: () => number },
): () => void {
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let lastRunAt = Number.NEGATIVE_INFINITY;
  return () => {
    if (timer) return;
    const wait = Math.max(options.firstDelayMs, lastRunAt + options.spacingMs - now());
    timer = setTimeout(() => {
      timer = undefined;
      lastRunAt = now();
      run();
    }, wait).unref();
  };
}
