export interface Countdown {
  days: number;
  /** Hours, minutes and seconds left within the last day, as 03:14:05. */
  clock: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** What is left until an instant, whole seconds rounded up so it reaches 00:00:00 at the edge. */
export function countdown(remainingMs: number): Countdown {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return { days, clock: `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` };
}
