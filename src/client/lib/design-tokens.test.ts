import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';

/** The colour tokens of styles.css, with var(--color-…) references resolved. */
function colourTokens(): Map<string, string> {
  const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');
  const raw = new Map(
    [...css.matchAll(/--color-([\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [
      name!,
      value!.trim(),
    ]),
  );
  const resolve = (value: string): string => {
    const reference = /^var\(--color-([\w-]+)\)$/.exec(value);
    return reference ? resolve(raw.get(reference[1]!) ?? value) : value;
  };
  return new Map([...raw].map(([name, value]) => [name, resolve(value)]));
}

const tokens = colourTokens();
const colour = (name: string) => {
  const value = tokens.get(name);
  if (!value) throw new Error(`no --color-${name} in styles.css`);
  return value;
};

// WCAG 1.4.11 (non-text contrast): what identifies a control or its focus needs 3:1 against
// what it sits on.
const NON_TEXT = 3;

describe('design tokens', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each(['card', 'background'])("draws a field's border at 3:1 on %s", (surface) => {
    expect(contrastRatio(colour('input'), colour(surface))).toBeGreaterThanOrEqual(NON_TEXT);
  });

  it.each(['card', 'background', 'muted', 'primary', 'ink-950'])(
    'draws the focus ring at 3:1 next to %s',
    (surface) => {
      expect(contrastRatio(colour('ring'), colour(surface))).toBeGreaterThanOrEqual(NON_TEXT);
    },
  );
});
