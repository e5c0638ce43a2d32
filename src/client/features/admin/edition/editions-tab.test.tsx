import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EditionList } from '#shared/schemas/edition';
import { call } from '#test/support/call-app';
import { createCategory } from '#test/factories/catalog-factory';
import { createEdition, makeCurrentEdition } from '#test/factories/edition-factory';
import { currentEdition } from '#test/factories/event-factory';
import { AdminPage } from '../admin-page';
import { openAdminTab } from '#test/support/open-admin-tab';
import { renderScreen } from '#test/support/render-screen';
import { signedInAdminApp } from '#test/support/signed-in-admin-app';

const session = signedInAdminApp();
const db = () => session.testApp.app.ctx.db;
let currentId: number;

beforeAll(async () => {
  currentId = await currentEdition(db());
});
// Each test leaves the edition it found current as the current one.
afterEach(async () => {
  await makeCurrentEdition(db(), currentId);
  session.testApp.app.ctx.events.emit('event-changed');
});

const DAY = 86_400_000;
const finished = () => ({
  votingOpensAt: new Date(Date.now() - 3 * DAY),
  votingClosesAt: new Date(Date.now() - DAY),
});
const search = () => new URLSearchParams(window.location.search);
/** An edition as GET /api/editions lists it now. */
const listed = async (slug: string) =>
  (await call<EditionList>(session.testApp.app, { url: '/api/editions' })).body.editions.find(
    (edition) => edition.slug === slug,
  );

describe('the edition switcher', () => {
  it('lists every edition and, chosen, shows its categories on the same tab', async () => {
    const other = await createEdition(db(), { name: 'Awards 2031' });
    const theirs = await createCategory(db(), { editionId: other.id, name: 'Best Comeback 2031' });
    const ours = await createCategory(db(), { name: 'Best Current Thing' });
    const { user } = await openAdminTab('categories', { role: 'list', name: 'Categories' });
    const list = () => screen.getByRole('list', { name: 'Categories' });
    await within(list()).findByText(ours.name);

    await user.click(screen.getByRole('combobox', { name: 'Edition' }));
    const option = await screen.findByRole('option', { name: /^Awards 2031 \(/ });
    expect(screen.getByRole('option', { name: /\(Current, / })).toBeTruthy();
    await user.click(option);

    await waitFor(() => expect(search().get('edition')).toBe(other.slug));
    expect(search().get('tab')).toBe('categories');
    await within(list()).findByText(theirs.name);
    expect(within(list()).queryByText(ours.name)).toBeNull();
  });

  it('announces an archived edition as read-only, in French too', async () => {
    const archived = await createEdition(db(), { ...finished(), archivedAt: new Date() });
    await renderScreen(<AdminPage />, {
      path: `/admin?tab=categories&edition=${archived.slug}`,
      language: 'fr',
    });
    expect(
      await screen.findByText(
        /Cette édition est archivée : ses catégories, nominations/,
        undefined,
        {
          timeout: 10_000,
        },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Édition' }).textContent).toContain(
      archived.nameFr,
    );
  });
});

describe('the Editions tab', () => {
  const openEditions = (language: 'en' | 'fr' = 'en') =>
    openAdminTab(
      'editions',
      { role: 'heading', name: language === 'fr' ? 'Toutes les éditions' : 'All editions' },
      language,
    );

  it('makes an edition current after a confirmation that says the public site will switch', async () => {
    const next = await createEdition(db(), { name: 'Awards 2032' });
    const { user } = await openEditions();
    await user.click(
      await screen.findByRole('button', { name: 'Make Awards 2032 the current edition' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('The public site will switch to Awards 2032');
    await user.click(within(dialog).getByRole('button', { name: 'Make current' }));
    await waitFor(async () => expect((await listed(next.slug))?.isCurrent).toBe(true));
  });

  it('says the same in French', async () => {
    await createEdition(db(), { name: 'Awards 2033', nameFr: 'Prix 2033' });
    const { user } = await openEditions('fr');
    await user.click(
      await screen.findByRole('button', { name: 'Faire de Prix 2033 l’édition en cours' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Le site public passera aussitôt à Prix 2033');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
  });

  it('offers to archive only a finished edition that is not current, and archives it', async () => {
    const done = await createEdition(db(), { name: 'Awards 2020', ...finished() });
    const running = await createEdition(db(), { name: 'Awards 2099' });
    const { user } = await openEditions();
    const archive = await screen.findByRole('button', { name: 'Archive Awards 2020' });
    expect(screen.queryByRole('button', { name: `Archive ${running.name}` })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Archive .*Current/ })).toBeNull();
    await user.click(archive);
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(async () => expect((await listed(done.slug))?.archivedAt).not.toBeNull());
    expect(
      await screen.findByRole('button', { name: 'Make Awards 2099 the current edition' }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Archive Awards 2020' })).toBeNull(),
    );
  });

  it("creates an edition from another's categories, and refuses a malformed short name", async () => {
    const source = await createEdition(db(), { name: 'Awards 2040' });
    await createCategory(db(), { editionId: source.id, name: 'Copied Category' });
    const { user } = await openEditions();
    const form = within(screen.getByRole('form', { name: 'New edition' }));

    await user.type(form.getByRole('textbox', { name: /Short name/ }), 'Not Valid');
    await user.type(form.getByRole('textbox', { name: /Name \(English\)/ }), 'Awards 2041');
    await user.click(form.getByRole('button', { name: 'Create edition' }));
    expect(
      await form.findByText('Lower-case letters, digits and dashes, as in its address (/e/2027).', {
        selector: '[id$="-error"]',
      }),
    ).toBeTruthy();

    const slug = `awards-2041-${process.pid}`;
    await user.clear(form.getByRole('textbox', { name: /Short name/ }));
    await user.type(form.getByRole('textbox', { name: /Short name/ }), slug);
    await user.click(form.getByRole('combobox', { name: 'Start from' }));
    await user.click(await screen.findByRole('option', { name: 'The categories of Awards 2040' }));
    await user.click(form.getByRole('checkbox', { name: 'Copy its nominees too' }));
    await user.click(form.getByRole('button', { name: 'Create edition' }));

    await waitFor(async () =>
      expect(await listed(slug)).toMatchObject({ name: 'Awards 2041', isCurrent: false }),
    );
    const copied = await call<{ name: string }[]>(session.testApp.app, {
      url: `/api/admin/categories?edition=${slug}`,
      headers: session.admin.headers,
    });
    expect(copied.body.map((c) => c.name)).toEqual(['Copied Category']);
    const post = session.network.requests.find(
      (r) => r.method === 'POST' && r.url === '/api/admin/editions',
    );
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({
      slug,
      copyFrom: source.slug,
      copyNominees: true,
    });
  });
});
