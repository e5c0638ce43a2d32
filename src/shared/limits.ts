/** Business limits, shared by the server's validation and the forms. */
export const VOTES_PER_CATEGORY = { min: 0, max: 100, default: 2 } as const;
export const PHONE = { countryCode: '237', digits: 9 } as const;
export const RECEIPT_CODE_MAX = 12;
export const FIELD_LIMITS = {
  categoryName: 255,
  categoryIcon: 100,
  categoryBackgroundColor: 20,
  nominationTitle: 255,
  artistName: 255,
} as const;
export const CATEGORY_DEFAULTS = {
  icon: 'fa-solid fa-trophy',
  backgroundColor: '#3B82F6',
} as const;
export const PERIODS = ['today', 'week', 'month', 'all'] as const;
export type Period = (typeof PERIODS)[number];
export const TRACKING_PAGE_SIZES = [20, 50, 100] as const;
export const ARTIST_CARD_BADGE_LIMIT = 2;
export const TOP_ARTISTS_PER_CATEGORY = 3;
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
