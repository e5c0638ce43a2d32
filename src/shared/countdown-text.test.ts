import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown-text.js';

describe('countdownText', () => {
  it.each([
    [2 * 86_400_000 + 3 * 3_600_000 + 14 * 60_000 + 5_000, 'd', '2 d 03:14:05'],
    [2 * 86_400_000 + 3 * 3_600_000 + 14 * 60_000 + 5_000, 'j', '2 j 03:14:05'],
    [86_400_000, 'd', '1 d 00:00:00'],
    [86_399_001, 'd', '1 d 00:00:00'],
    [59_000, 'd', '00:00:59'],
    [1, 'd', '00:00:01'],
    [0, 'd', '00:00:00'],
    [-5_000, 'd', '00:00:00'],
  ])('%i ms reads %s', (ms, unit, text) => {
    expect(countdownText(ms, unit)).toBe(text);
  });
});
