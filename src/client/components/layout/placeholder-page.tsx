import type { ReactNode } from 'react';
import { PageLayout } from './page-layout';

interface PlaceholderPageProps {
  title: ReactNode;
}

/** A screen whose real content is still being built: the site header and its title only. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <PageLayout>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h1 className="font-display text-3xl font-semibold">{title}</h1>
      </div>
    </PageLayout>
  );
}
