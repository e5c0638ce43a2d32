import { Suspense, type ReactNode } from 'react';
import { useEditionScope } from '#client/lib/edition-scope';
import { editionBanner } from './edition-banner-screen';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

interface PageLayoutProps {
  children: ReactNode;
  /** Screens with their own header (the category page) pass it here. */
  header?: ReactNode;
}

const EditionBanner = editionBanner.Screen;

/** Skip link, header, on another edition's pages which one it is, the main landmark, the footer. */
export function PageLayout({ children, header }: PageLayoutProps) {
  const edition = useEditionScope();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {header ?? <SiteHeader />}
      {edition !== undefined && (
        // Its code is in before such a page draws; a link followed to one waits for nothing else.
        <Suspense fallback={null}>
          <EditionBanner />
        </Suspense>
      )}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
