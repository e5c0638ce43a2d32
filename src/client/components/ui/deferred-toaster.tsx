import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * Radix Toast is only downloaded once the first toast is raised: most visits never show one, and
 * the first screen on a slow phone should not pay for it. After that it stays mounted.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
