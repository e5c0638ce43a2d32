import type { ReactElement } from 'react';
import { ToastAction } from '#client/components/ui/toast';

/**
 * The toast action that takes a signed-out visitor of an admin screen to sign-in and back to that
 * screen. A plain link: sign-in is a browser navigation, and it works after the guard has
 * already sent the page home.
 */
export function signInAction(label: string, returnTo: string): ReactElement {
  return (
    <ToastAction altText={label} asChild>
      <a href={`/api/login?returnTo=${encodeURIComponent(returnTo)}`}>{label}</a>
    </ToastAction>
  );
}
