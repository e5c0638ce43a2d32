const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * "2 d 03:14:05" (French "2 j 03:14:05"): whole days, then hours, minutes and seconds. Rounded
 * up, so the last second reads 00:00:01 and never 00:00:00 while voting is still open.
 */
export function countdownText(remainingMs: number, dayUnit: string): string {
  const total = Math.max(0, Math.ceil(remainingMs / SECOND) * SECOND);
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  const seconds = Math.floor((total % MINUTE) / SECOND);
  const clock = `${two(hours)}:${two(minutes)}:${two(seconds)}`;
  return days > 0 ? `${days} ${dayUnit} ${clock}` : clock;
}
