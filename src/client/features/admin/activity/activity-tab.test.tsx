import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAuditEntries } from '#test/factories/audit-factory';
import { createEdition } from '#test/factories/edition-factory';
import { call } from '#test/support/call-app';
import { catchDownloads } from '#test/support/catch-downloads';
import { openAdminTab } from '#test/support/open-admin-tab';
import { signedInAdminApp } from '#test/support/signed-in-admin-app';

/*
 * Three changes: a category created through the real route (so its row is what the app records),
 * an artist renamed by someone else on 10 January, and a Campay check by the system on 5 January.
 * And one in a past edition, which only that edition's Activity tab shows.
 */
const PAST = 'past-activity';
const session = signedInAdminApp({
  email: 'organiser@example.com',
  seed: async ({ db, testApp, admin }) => {
    const created = await call(testApp.app, {
      method: 'POST',
      url: '/api/admin/categories',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Best Album', description: 'Albums of the year' }),
    });
    expect(created.status).toBe(201);
    await createAuditEntries(db, [
      {
        at: new Date('2026-01-10T12:00:00Z'),
        actorEmail: 'helper@example.com',
        action: 'artist.update',
        entityType: 'artist',
        entityId: 'a1',
        before: { name: 'Aya', bio: 'Singer', isFeatured: false },
        after: { name: 'Aya Nakamura', bio: 'Singer', isFeatured: true },
      },
      {
        at: new Date('2026-01-05T12:00:00Z'),
        actorEmail: null,
        action: 'payments.check-campay',
        entityType: 'payment',
        after: { checked: 4, updated: 1 },
      },
    ]);
    const past = await createEdition(db, { slug: PAST });
    await createAuditEntries(db, [
      {
        at: new Date('2025-03-02T12:00:00Z'),
        actorEmail: 'archivist@example.com',
        action: 'artist.update',
        entityType: 'artist',
        entityId: 'a2',
        editionId: past.id,
        before: { name: 'Kobe' },
        after: { name: 'Kobe Tchami' },
      },
    ]);
  },
});

/** The query string of the last list request the app received. */
function lastListQuery(): URLSearchParams {
  const list = session.network.requests.filter((r) => r.url.startsWith('/api/admin/audit-log?'));
  return new URLSearchParams(list.at(-1)?.url.split('?')[1]);
}

const entries = () =>
  within(screen.getByRole('list', { name: /^(Changes|Modifications)$/ })).getAllByRole('listitem');
/** The text of each entry, top to bottom. */
const entryTexts = () => entries().map((entry) => entry.textContent ?? '');

const openActivity = (language: 'en' | 'fr' = 'en') =>
  openAdminTab('activity', { role: 'list', name: /^(Changes|Modifications)$/ }, language);

describe('the Activity tab', () => {
  it('lists every change newest first: when, who, what, which record and what changed', async () => {
    const { user } = await openActivity();
    expect(screen.getByRole('tab', { name: /Activity/, selected: true })).toBeTruthy();
    const [created = '', renamed = '', checked = ''] = entryTexts();
    expect(created).toContain('organiser@example.com');
    expect(created).toContain('Category added');
    expect(created).toContain('Category · Best Album');
    expect(created).toContain('Created with: name, description, icon, background colour');
    expect(renamed).toContain('helper@example.com');
    expect(renamed).toContain('Artist edited');
    expect(renamed).toContain('Changed: name, featured');
    expect(checked).toContain('System');
    expect(checked).toContain('4 pending payments checked, 1 updated');
    const item = entries()[1]!;
    expect(item.querySelector('time')?.getAttribute('datetime')).toBe('2026-01-10T12:00:00.000Z');

    const details = within(item).getByRole('button', { name: 'Details' });
    const panel = document.getElementById(details.getAttribute('aria-controls') ?? '');
    expect(details.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.hidden).toBe(true);
    await user.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(details.textContent).toContain('Hide details');
    expect(panel?.hidden).toBe(false);
    expect(panel?.textContent).toContain('Before' + 'Aya');
    expect(panel?.textContent).toContain('After' + 'Aya Nakamura');
    expect(panel?.textContent).toContain('featured' + 'Before' + 'No' + 'After' + 'Yes');
  });

  it('sends the action, the actor and the dates to the server and shows what it answers', async () => {
    const { user } = await openActivity();
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Artist edited' }));
    await expect.poll(() => entries().length).toBe(1);
    expect(lastListQuery().get('action')).toBe('artist.update');
    expect(lastListQuery().get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await expect.poll(() => entries().length).toBe(3);

    await user.type(screen.getByLabelText('Who'), 'HELPER');
    await expect.poll(() => lastListQuery().get('actor')).toBe('HELPER');
    await expect.poll(() => entries().length).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await user.type(screen.getByLabelText('To'), '2026-01-07');
    await expect.poll(() => entries().length).toBe(1);
    const query = lastListQuery();
    expect(query.get('from')).toBe('2026-01-01');
    expect(query.get('to')).toBe('2026-01-07');
    expect(query.get('tz')).toBeTruthy();
    expect(entryTexts()[0]).toContain('System');
  });

  it('says when nothing matches, and explains dates the wrong way round', async () => {
    const { user } = await openActivity();
    await user.type(screen.getByLabelText('Who'), 'nobody-at-all');
    await screen.findByText('No matching changes');
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await user.type(screen.getByLabelText('From'), '2026-01-09');
    await user.type(screen.getByLabelText('To'), '2026-01-02');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The start date is after the end date.',
    );
    // Asked with the start date alone, never with both the wrong way round.
    expect(lastListQuery().get('from')).toBe('2026-01-09');
    expect(lastListQuery().has('to')).toBe(false);
  });

  it('exports the filtered trail as CSV from the server', async () => {
    const clicked = catchDownloads();
    const { user } = await openActivity();
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Category added' }));
    await expect.poll(() => entries().length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(clicked).toHaveLength(1);
    const url = new URL(clicked[0]!);
    expect(url.pathname).toBe('/api/admin/audit-log/export');
    expect(url.searchParams.get('action')).toBe('category.create');
    expect(url.searchParams.has('page')).toBe(false);
    const answer = await call<string>(session.testApp.app, {
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session.admin.cookie },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('organiser@example.com,category.create,category');
  });

  it('reads in French', async () => {
    await openActivity('fr');
    expect(screen.getByRole('tab', { name: /Activité/, selected: true })).toBeTruthy();
    const [created = '', , checked = ''] = entryTexts();
    expect(created).toContain('Catégorie ajoutée');
    expect(created).toContain('Créé avec : nom, description, icône, couleur de fond');
    expect(checked).toContain('Système');
    expect(checked).toContain('4 paiements en attente vérifiés, 1 mis à jour');
    expect(screen.getByRole('button', { name: 'Exporter en CSV' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(screen.getByLabelText('Qui')).toBeTruthy();
  });

  it("shows a past edition's changes on that edition only", async () => {
    await openAdminTab('activity', { role: 'list', name: 'Changes' }, 'en', PAST);
    await expect.poll(() => entryTexts().join('|')).toContain('archivist@example.com');
    expect(entryTexts().join('|')).not.toContain('organiser@example.com');
    expect(lastListQuery().get('edition')).toBe(PAST);
  });
});
