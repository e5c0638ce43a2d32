import { QueryClientProvider } from '@tanstack/react-query';
import { DeferredToaster } from './components/ui/deferred-toaster';
import { ScrollToTop } from './components/layout/scroll-to-top';
import { queryClient } from './lib/query-client';
import { AppRoutes } from './routes';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTop />
      <AppRoutes />
      <DeferredToaster />
    </QueryClientProvider>
  );
}
