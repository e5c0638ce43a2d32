import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn';

const GLOW = {
  gold: 'bg-[radial-gradient(60rem_20rem_at_85%_-10%,rgb(226_184_79/0.28),transparent_60%)]',
  'gold-and-ink':
    'bg-[radial-gradient(60rem_20rem_at_85%_-10%,rgb(226_184_79/0.28),transparent_60%),radial-gradient(40rem_18rem_at_0%_120%,rgb(54_65_107/0.8),transparent_70%)]',
} as const;

/** The page's width, shared with the content that overlaps the hero's foot. */
export type PageWidth = 'max-w-3xl' | 'max-w-4xl' | 'max-w-6xl';

interface PageHeroProps {
  /** The small gold line above the title (with its icon, if any). */
  eyebrow: ReactNode;
  title: ReactNode;
  width: PageWidth;
  glow?: keyof typeof GLOW;
  /** What follows the title: an introduction, a date, a countdown. */
  children?: ReactNode;
}

/** The dark band at the top of a public page: eyebrow, title and what the page is about. */
export function PageHero({ eyebrow, title, width, glow = 'gold', children }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-ink-950 text-white">
      <div aria-hidden="true" className={cn('pointer-events-none absolute inset-0', GLOW[glow])} />
      <div className={cn('relative mx-auto px-4 pt-8 pb-16 sm:px-6 sm:pt-12 sm:pb-20', width)}>
        <p className="inline-flex items-center gap-2 text-xs font-semibold tracking-[0.2em] text-gold-300 uppercase">
          {eyebrow}
        </p>
        <h1 className="mt-2 font-display text-3xl leading-tight font-semibold sm:text-5xl">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}

/** A hero's introduction, under its title. */
export function PageHeroIntro({ children }: { children: ReactNode }) {
  return <p className="mt-3 max-w-xl text-base text-white/80 sm:text-lg">{children}</p>;
}
