import { CATEGORY_DEFAULTS } from './limits.js';

/**
 * The category hero's background colour. Only plain colour values reach inline CSS; anything else
 * falls back to the default colour.
 */
export function categoryHeroColor(color: string | null): string {
  const value = color?.trim() ?? '';
  return /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/]+\)|[a-z]{3,20})$/i.test(value)
    ? value
    : CATEGORY_DEFAULTS.backgroundColor;
}
