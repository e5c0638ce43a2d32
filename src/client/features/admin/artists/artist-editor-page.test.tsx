import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import { call } from '#test/support/call-app';
import { createNominee } from '#test/factories/catalog-factory';
import { renderScreen } from '#test/support/render-screen';
import { signedInAdminApp } from '#test/support/signed-in-admin-app';
import { ArtistEditorPage } from './artist-editor-page';

const session = signedInAdminApp();

/** The editor as routes.tsx mounts it, plus a stand-in dashboard to see where leaving lands. */
async function openEditor(language: 'en' | 'fr' = 'en') {
  const { artist } = await createNominee(session.testApp.app.ctx.db, {
    artist: { name: 'Salatiel' },
  });
  const rendered = await renderScreen(
    <Switch>
      <Route path="/admin/artists/:id" component={ArtistEditorPage} />
      <Route path="/admin">
        <h1>Dashboard stand-in</h1>
      </Route>
    </Switch>,
    { path: `/admin/artists/${artist.id}`, language },
  );
  const name = await screen.findByRole('textbox', { name: language === 'fr' ? 'Nom' : 'Name' });
  return { ...rendered, artist, name };
}

const dashboardShown = () => screen.queryByRole('heading', { name: 'Dashboard stand-in' });

describe('artist editor: unsaved changes', () => {
  it('leaving with an edited field asks first; Stay keeps the edit, Leave goes', async () => {
    const { user, name } = await openEditor();
    await user.type(name, ' Jr');
    await user.click(screen.getByRole('button', { name: 'Back to Admin' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved Changes' });
    expect(dialog).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay on Page' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Salatiel Jr');

    await user.click(screen.getByRole('button', { name: 'Back to Admin' }));
    await user.click(await screen.findByRole('button', { name: 'Leave Without Saving' }));
    expect(dashboardShown()).toBeTruthy();
    expect(window.location.pathname).toBe('/admin');
  });

  it('a header link asks too while there are unsaved changes', async () => {
    const { user, name } = await openEditor();
    await user.type(name, 'x');
    await user.click(screen.getByRole('link', { name: /Voter Tracking/ }));
    expect(await screen.findByRole('alertdialog', { name: 'Unsaved Changes' })).toBeTruthy();
    expect(window.location.pathname).not.toBe('/admin/voter-tracking');
  });

  it('an edit typed back to the saved value is no change: leaving does not ask', async () => {
    const { user, name } = await openEditor();
    await user.type(name, 'x');
    await user.type(name, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Back to Admin' }));
    expect(dashboardShown()).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('saving sends the edit to the server and leaves without asking', async () => {
    const { user, name, artist } = await openEditor();
    await user.clear(name);
    await user.type(name, 'Salatiel Bessong');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const put = session.network.requests.find((request) => request.method === 'PUT');
    expect(put?.url).toBe(`/api/admin/artists/${artist.id}`);
    const stored = await call(session.testApp.app, {
      method: 'GET',
      url: `/api/admin/artists/${artist.id}`,
      headers: { cookie: session.admin.cookie },
    });
    expect(stored.body).toMatchObject({ name: 'Salatiel Bessong' });
  });

  it('asks in French on a French page', async () => {
    const { user, name } = await openEditor('fr');
    await user.type(name, 'x');
    await user.click(screen.getByRole('button', { name: /Retour/ }));
    expect(
      await screen.findByRole('alertdialog', { name: 'Modifications non enregistrées' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rester sur la page' })).toBeTruthy();
  });
});
