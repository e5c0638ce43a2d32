import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Suspense, type ReactElement } from 'react';
import { i18n } from '#client/lib/i18n';
import { queryClient as appQueryClient } from '#client/query-client';

export interface RenderScreenOptions {
  language?: 'en' | 'fr';
  /**
   * The address the page is at. The app's router reads the browser location (wouter's default),
   * so this sets jsdom's URL; dom-setup.ts puts it back to / after each test.
   */
  path?: string;
  /** With fake timers: how user-event waits between actions (pass vi.advanceTimersByTime). */
  advanceTimers?: (ms: number) => unknown;
}

export interface RenderedScreen extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
}

/**
 * A query client like the app's (same defaults: the URL-from-key reader, no retries, no refetch
 * on focus) but new for each test, so no cached answer leaks from one test into the next. The
 * app's 401 handling on mutations (a toast and a redirect) is left out: a test asserts the screen.
 */
function freshQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache(),
    defaultOptions: appQueryClient.getDefaultOptions(),
  });
}

/** `ui` inside the app's providers (app.tsx) and the i18n instance in the chosen language. */
export async function renderScreen(
  ui: ReactElement,
  options: RenderScreenOptions = {},
): Promise<RenderedScreen> {
  await i18n.changeLanguage(options.language ?? 'en');
  if (options.path) window.history.replaceState(null, '', options.path);
  const queryClient = freshQueryClient();
  const user = userEvent.setup(
    options.advanceTimers ? { advanceTimers: options.advanceTimers } : {},
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>{ui}</Suspense>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
