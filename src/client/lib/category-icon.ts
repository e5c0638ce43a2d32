import type { icons } from 'lucide-react';

/** A lucide icon, by the name lucide exports it under (`Trophy`, `Disc3`). */
export type CategoryIconName = keyof typeof icons;

/*
 * Categories store a Font Awesome class string ('fa-solid fa-trophy'). Loading Font Awesome would
 * cost a font download on every phone, so the known names map to lucide icons. Those are drawn
 * from one cached sprite (assets/category-icons.svg, made by scripts/make-category-icons.ts) rather
 * than bundled as components: any card of the first screen may show any of them, and two dozen
 * outlines in the main script were 1.6 KB brotli of its JavaScript (ADR 0072).
 */
export const CATEGORY_ICONS = {
  trophy: 'Trophy',
  microphone: 'Mic',
  'microphone-lines': 'Mic',
  music: 'EighthNotes',
  star: 'Star',
  video: 'Video',
  guitar: 'Guitar',
  headphones: 'Headphones',
  crown: 'Crown',
  fire: 'Flame',
  users: 'Users',
  'compact-disc': 'Disc3',
  award: 'Award',
  drum: 'Drum',
  'hands-praying': 'HandHeart',
  globe: 'Globe',
  bolt: 'Bolt',
  heart: 'Heart',
  film: 'Film',
  'record-vinyl': 'DiscAlbum',
  person: 'User',
  'person-dress': 'UserRound',
  'user-plus': 'UserPlus',
  handshake: 'Handshake',
} as const satisfies Record<string, CategoryIconName>;

/** What a category with no icon, or one we do not know, shows. */
const FALLBACK = CATEGORY_ICONS.trophy;

// Style and size classes that carry no icon name.
const NON_NAME_CLASSES = new Set([
  'solid',
  'regular',
  'light',
  'thin',
  'duotone',
  'brands',
  'sharp',
  'fw',
  'lg',
  'xl',
  '2x',
  '3x',
]);

const isKnown = (name: string): name is keyof typeof CATEGORY_ICONS =>
  Object.hasOwn(CATEGORY_ICONS, name);

/** The sprite's symbol for a category's Font Awesome class string. */
export function categoryIconName(iconClass: string | null | undefined): CategoryIconName {
  for (const token of (iconClass ?? '').split(/\s+/)) {
    if (!token.startsWith('fa-')) continue;
    const name = token.slice(3);
    if (NON_NAME_CLASSES.has(name)) continue;
    if (isKnown(name)) return CATEGORY_ICONS[name];
  }
  return FALLBACK;
}
