/**
 * The texts every screen shows (header, footer, category list): fetched before a page is taken
 * over (screens.ts), and built into one chunk per language (vite.config.ts).
 */
export const FIRST_SCREEN_NAMESPACES = ['common', 'catalog'] as const;
