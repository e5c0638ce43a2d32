import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { TabGuard } from './use-tab-guard';

type PendingLeave = { kind: 'link'; href: string; replace?: boolean } | { kind: 'back' };

export interface LeaveGuard {
  /** True while the 'Unsaved Changes' dialog should show. */
  asking: boolean;
  /** Go to `href` now, or ask first when there are unsaved changes. */
  requestLeave: (href: string) => void;
  /** 'Stay on Page'. */
  stay: () => void;
  /** 'Leave Without Saving'. */
  leave: () => void;
  /** Go to `href` without asking (after a successful save). */
  leaveNow: (href: string) => void;
}

const SENTINEL_KEY = 'palmaresUnsavedGuard';

/** Server routes (/api/logout...) are full page loads; everything else stays in the app. */
function go(
  href: string,
  navigate: (to: string, options: { replace: boolean }) => void,
  replace = false,
): void {
  if (href.startsWith('/api/')) window.location.assign(href);
  else navigate(href, { replace });
}

/**
 * Keeps unsaved edits from being lost: while `dirty`,
 * - closing or reloading the tab, or leaving for another site, shows the browser's own warning;
 * - any link in the page (header, logo, Back to Home, Logout) and `requestLeave` ask first;
 * - the browser's Back button asks too: an extra history entry for the same address absorbs the
 *   first Back, which then opens the dialog instead of leaving;
 * - with `tabs`, switching to another tab of the page asks too.
 */
export function useLeaveGuard(dirty: boolean, tabs?: TabGuard): LeaveGuard {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<PendingLeave | null>(null);
  // Set once the admin chose to leave (or saved), so nothing asks again on the way out.
  const leaving = useRef(false);
  // Read by event handlers that outlive a render.
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    // Capture phase: runs before the router's own click handler on <Link>.
    const onClick = (event: MouseEvent) => {
      if (leaving.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      // Other sites unload the page: the browser's warning covers them.
      if (url.origin !== window.location.origin) return;
      // In-page anchors (the skip link) do not leave.
      if (url.pathname === window.location.pathname && url.search === window.location.search)
        return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'link', href: `${url.pathname}${url.search}${url.hash}` });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [dirty]);

  useEffect(() => {
    if (!dirty || !tabs) return;
    return tabs.register((href) => setPending({ kind: 'link', href, replace: true }));
  }, [dirty, tabs]);

  // The Back-button guard entry: added the first time the form becomes dirty.
  const sentinelAdded = useRef(false);
  const pushSentinel = useCallback(() => {
    // The router announces every push and the app scrolls to the top on it; this push is not a
    // new screen, so put the scroll position back before the browser paints.
    const { scrollX, scrollY } = window;
    window.history.pushState({ [SENTINEL_KEY]: true }, '', window.location.href);
    window.scrollTo(scrollX, scrollY);
  }, []);

  useEffect(() => {
    if (!dirty || sentinelAdded.current) return;
    sentinelAdded.current = true;
    pushSentinel();
  }, [dirty, pushSentinel]);

  useEffect(() => {
    const onPopState = () => {
      if (!sentinelAdded.current || leaving.current) return;
      // Back was pressed on the guard entry: we are now on the editor's own entry.
      sentinelAdded.current = false;
      if (dirtyRef.current) {
        sentinelAdded.current = true;
        pushSentinel();
        setPending({ kind: 'back' });
      } else {
        // Nothing to lose: finish the Back the admin asked for.
        leaving.current = true;
        window.history.back();
      }
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [pushSentinel]);

  const leaveNow = useCallback(
    (href: string) => {
      leaving.current = true;
      go(href, navigate);
    },
    [navigate],
  );

  const requestLeave = useCallback(
    (href: string) => {
      if (dirtyRef.current) setPending({ kind: 'link', href });
      else leaveNow(href);
    },
    [leaveNow],
  );

  const leave = useCallback(() => {
    if (!pending) return;
    setPending(null);
    leaving.current = true;
    if (pending.kind === 'back') {
      // Past the guard entry and the editor's own entry, to where Back was meant to go.
      window.history.go(-2);
    } else {
      go(pending.href, navigate, pending.replace);
    }
  }, [navigate, pending]);

  const stay = useCallback(() => setPending(null), []);

  return { asking: pending !== null, requestLeave, stay, leave, leaveNow };
}
