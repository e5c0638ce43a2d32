import { screen, type ByRoleMatcher } from '@testing-library/react';
import { AdminPage } from '#client/features/admin/admin-page';
import { renderScreen, type RenderedScreen } from './render-screen';

/**
 * The admin page on `tab` once `ready` (its list or table) is on screen: the first answer waits
 * on the admin check, a lazy chunk and a cold app.
 */
export async function openAdminTab(
  tab: string,
  ready: { role: ByRoleMatcher; name?: string | RegExp },
  language: 'en' | 'fr' = 'en',
): Promise<RenderedScreen> {
  const rendered = await renderScreen(<AdminPage />, { path: `/admin?tab=${tab}`, language });
  await screen.findByRole(ready.role, ready.name === undefined ? {} : { name: ready.name }, {
    timeout: 10_000,
  });
  return rendered;
}
