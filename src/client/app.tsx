import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { AppErrorBoundary } from './components/layout/app-error-boundary';
import { DeferredToaster } from './components/ui/deferred-toaster';
import { ScrollToTop } from './components/layout/scroll-to-top';
import type { EarlyTaps } from './lib/early-taps';
import { queryClient as browserQueryClient } from './query-client';
import { EarlyTapsContext } from './lib/early-taps-context';
import { AppRoutes } from './routes';

export interface AppProps {
  /** The page's cache: the browser's one, or on the server a fresh one per page it draws. */
  queryClient?: QueryClient;
  /** On the server, the address being drawn (the browser reads its own). */
  ssrPath?: string;
  /** On the server, the address's query string without its `?`. */
  ssrSearch?: string;
  /** Over a page the server drew, the taps made before React took it over (main.tsx). */
  earlyTaps?: EarlyTaps;
}

export function App({ queryClient = browserQueryClient, ssrPath, ssrSearch, earlyTaps }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <ScrollToTop />
        <EarlyTapsContext value={earlyTaps}>
          <AppErrorBoundary>
            <AppRoutes />
          </AppErrorBoundary>
        </EarlyTapsContext>
        <DeferredToaster />
      </Router>
    </QueryClientProvider>
  );
}
