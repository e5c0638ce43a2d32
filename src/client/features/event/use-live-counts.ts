import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps the catalogue's counts live while the calling screen is shown: the tab's one stream to
 * GET /api/live, shared by every screen that asks. Its code loads after the first paint. Without
 * EventSource, or if that code cannot load, the screens keep their ordinary refreshes.
 */
export function useLiveCounts(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let leave: (() => void) | undefined;
    let left = false;
    import('./live-counts')
      .then(({ connectLiveCounts }) => {
        if (!left) leave = connectLiveCounts(queryClient);
      })
      .catch(() => undefined);
    return () => {
      left = true;
      leave?.();
    };
  }, [queryClient]);
}
