import { QueryClientProvider } from '@tanstack/react-query';
import { AppErrorBoundary } from './components/layout/app-error-boundary';
import { DeferredToaster } from './components/ui/deferred-toaster';
import { ScrollToTop } from './components/layout/scroll-to-top';
import { queryClient } from './lib/query-client';
import { AppRoutes } from './routes';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTop />
      <AppErrorBoundary>
        <AppRoutes />
      </AppErrorBoundary>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
