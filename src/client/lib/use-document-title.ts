import { useEffect } from 'react';

const SITE_NAME = 'Palmarès';

/** Names the tab (and the entry in history) after the screen; null keeps the site name alone. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
