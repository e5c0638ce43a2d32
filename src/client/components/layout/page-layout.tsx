import type { ReactNode } from 'react';
import { EditionBanner } from './edition-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

interface PageLayoutProps {
  children: ReactNode;
  /** Screens with their own header (the category page) pass it here. */
  header?: ReactNode;
}

/** Skip link, header, on another edition's pages which one it is, the main landmark, the footer. */
export function PageLayout({ children, header }: PageLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {header ?? <SiteHeader />}
      <EditionBanner />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
