import {
  Award,
  Bolt,
  Crown,
  Disc3,
  DiscAlbum,
  Drum,
  Film,
  Flame,
  Globe,
  Guitar,
  HandHeart,
  Handshake,
  Headphones,
  Heart,
  Mic,
  Music,
  Star,
  Trophy,
  User,
  UserPlus,
  UserRound,
  Users,
  Video,
  type LucideIcon,
} from 'lucide-react';

/*
 * Categories store a Font Awesome class string ('fa-solid fa-trophy'). Loading Font Awesome would
 * cost a font download on every phone, so the known names map to the icons bundled already.
 */
const ICONS: Record<string, LucideIcon> = {
  trophy: Trophy,
  microphone: Mic,
  'microphone-lines': Mic,
  music: Music,
  star: Star,
  video: Video,
  guitar: Guitar,
  headphones: Headphones,
  crown: Crown,
  fire: Flame,
  users: Users,
  'compact-disc': Disc3,
  award: Award,
  drum: Drum,
  'hands-praying': HandHeart,
  globe: Globe,
  bolt: Bolt,
  heart: Heart,
  film: Film,
  'record-vinyl': DiscAlbum,
  person: User,
  'person-dress': UserRound,
  'user-plus': UserPlus,
  handshake: Handshake,
};

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

export function categoryIcon(iconClass: string | null | undefined): LucideIcon {
  for (const token of (iconClass ?? '').split(/\s+/)) {
    if (!token.startsWith('fa-')) continue;
    const name = token.slice(3);
    if (NON_NAME_CLASSES.has(name)) continue;
    const icon = ICONS[name];
    if (icon) return icon;
  }
  return Trophy;
}
