import { screen, type ByRoleMatcher } from '@testing-library/react';
import { AdminPage } from '#client/features/admin/admin-page';
import { renderScreen, type RenderedScreen } from './render-screen';

/**
 * The admin page on `tab` (of the edition `edition`, the current one when left out) once `ready`
 * (its list or table) is on screen: the first answer waits on the admin check, a lazy chunk and a
 * cold app.
 */
export async function openAdminTab(
  tab: string,
  ready: { role: ByRoleMatcher; name?: string | RegExp },
  language: 'en' | 'fr' = 'en',
  edition?: string,
): Promise<RenderedScreen> {
  const path = `/admin?tab=${tab}${edition === undefined ? '' : `&edition=${edition}`}`;
  const rendered = await renderScreen(<AdminPage />, { path, language });
  await screen.findByRole(ready.role, ready.name === undefined ? {} : { name: ready.name }, {
    timeout: 10_000,
  });
  return rendered;
}
