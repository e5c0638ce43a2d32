import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn (compact tailwind-merge configuration)', () => {
  it.each([
    [['h-10 px-4 py-2', 'px-2.5'], 'h-10 py-2 px-2.5'],
    [['pt-6', 'p-5'], 'p-5'],
    [['p-5', 'pt-6'], 'p-5 pt-6'],
    [['text-sm text-foreground', 'text-lg'], 'text-foreground text-lg'],
    [['text-sm text-foreground', 'text-white'], 'text-sm text-white'],
    [['font-semibold font-sans', 'font-bold'], 'font-sans font-bold'],
    [['bg-card', 'bg-gradient-to-br'], 'bg-card bg-gradient-to-br'],
    [['border border-input', 'border-white/60'], 'border border-white/60'],
    [['shadow-[0_1px_2px_rgb(0_0_0/0.1)]', 'shadow-lg'], 'shadow-lg'],
    [['hover:bg-muted', 'bg-white'], 'hover:bg-muted bg-white'],
    [['hover:bg-muted', 'hover:bg-white'], 'hover:bg-white'],
    [['-mt-8', 'mt-2'], 'mt-2'],
    [['w-4', 'size-10'], 'size-10'],
    [['flex-1', 'flex-col'], 'flex-1 flex-col'],
    [['p-5 sm:p-6', 'p-0 sm:p-0'], 'p-0 sm:p-0'],
    [['ring-1 ring-border', 'ring-4 ring-gold-400'], 'ring-4 ring-gold-400'],
    [['whitespace-nowrap', 'truncate'], 'whitespace-nowrap truncate'],
    [['h-10 whitespace-nowrap', 'h-auto whitespace-normal'], 'h-auto whitespace-normal'],
  ])('%j -> %s', (input, expected) => {
    expect(cn(...input)).toBe(expected);
  });
});
