import { createElement, lazy, type ComponentType } from 'react';
import { reloadOnceOnChunkError } from './reload-once-on-chunk-error';

export interface LazyScreen<M, P extends object> {
  /** Renders the screen: through React.lazy until its code is in, directly from then on. */
  Screen: ComponentType<P>;
  /** Starts (or joins) loading the screen's code. */
  load: () => Promise<M>;
}

/**
 * A screen whose code loads on demand, reloading the page once if its chunk is gone (a tab opened
 * before the last deploy). Once the code has arrived the screen renders without suspending, so a
 * render that waited for the code (the page's first, over a screen the server drew: main.tsx)
 * draws the screen itself, never the route's fallback in its place.
 */
export function lazyScreen<M, P extends object>(
  importScreen: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyScreen<M, P> {
  let loaded: ComponentType<P> | undefined;
  const load = reloadOnceOnChunkError(importScreen);
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = pick(module);
      return module;
    });
  const Lazy = lazy(() => loadAndKeep().then((module) => ({ default: pick(module) })));
  function Screen(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return { Screen, load: loadAndKeep };
}
