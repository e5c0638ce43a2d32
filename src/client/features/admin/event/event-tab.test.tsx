import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEvent, setEvent } from '#test/factories/event-factory';
import { openAdminTab } from '#test/support/open-admin-tab';
import { signedInAdminApp } from '#test/support/signed-in-admin-app';

const session = signedInAdminApp();
beforeEach(async () => {
  await resetEvent(session.testApp.app.ctx.db);
  await setEvent(session.testApp.app.ctx.db, { timezone: 'Europe/Paris' });
  session.testApp.app.ctx.events.emit('event-changed');
});

async function openEventTab(language: 'en' | 'fr' = 'en') {
  const settings = { role: 'form', name: language === 'fr' ? 'Paramètres' : 'Settings' } as const;
  const rendered = await openAdminTab('event', settings, language);
  return { ...rendered, form: within(screen.getByRole(settings.role, { name: settings.name })) };
}

const change = (element: HTMLElement, value: string) =>
  fireEvent.change(element, { target: { value } });

/** Paris on winter or summer time, whenever the test runs. */
const PARIS = /^Europe\/Paris \(GMT\+[12]\)$/;

const puts = () => session.network.requests.filter((r) => r.method === 'PUT');

describe('admin Event tab', () => {
  it('opens without building the time-zone list: no option elements made while it loads', async () => {
    // A select of every zone once rebuilt its hidden native list per option added while the tab
    // loaded (2 × (1 + … + 419) <option> elements), freezing the page for seconds.
    const created = { option: 0, select: 0 };
    const createElement = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation(
      (tagName: string, options?: ElementCreationOptions) => {
        const tag = tagName.toLowerCase();
        if (tag === 'option' || tag === 'select') created[tag]++;
        return createElement(tagName, options);
      },
    );
    const { form } = await openEventTab();
    expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveProperty(
      'value',
      expect.stringMatching(PARIS),
    );
    // The one select is the edition switcher's hidden native one (Radix), which holds no options.
    expect(created).toEqual({ option: 0, select: 1 });
    expect(document.querySelectorAll('[role="option"]')).toHaveLength(0);
  });

  it('opens the zone list at the saved zone, drawing only the rows in view', async () => {
    const { user, form } = await openEventTab();
    const zone = form.getByRole('combobox', { name: 'Time zone' });
    await user.click(zone);
    const list = form.getByRole('listbox', { name: 'Time zones' });
    expect(zone.getAttribute('aria-expanded')).toBe('true');
    const drawn = within(list).getAllByRole('option');
    // Some 420 zones, a window of them in the page.
    expect(drawn.length).toBeLessThanOrEqual(16);
    expect(Number(drawn[0]!.getAttribute('aria-setsize'))).toBeGreaterThan(400);
    const active = () => document.getElementById(zone.getAttribute('aria-activedescendant') ?? '');
    expect(active()?.textContent).toMatch(PARIS);

    await user.keyboard('{ArrowDown}');
    expect(active()?.textContent).toMatch(/^Europe\/Podgorica/);
    await user.keyboard('{Escape}');
    expect(form.queryByRole('listbox')).toBeNull();
    expect(zone).toHaveProperty('value', expect.stringMatching(PARIS));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('finds a zone by what is typed, picks it with Enter and saves it', async () => {
    const { user, form } = await openEventTab();
    const zone = form.getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'douala');
    const list = form.getByRole('listbox', { name: 'Time zones' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Africa/Douala (GMT+1)']);
    await user.keyboard('{Enter}');
    expect(form.queryByRole('listbox')).toBeNull();
    expect(zone).toHaveProperty('value', 'Africa/Douala (GMT+1)');
    expect(form.getByText('In Africa/Douala. Leave empty to open voting now.')).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts()).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(puts()[0]!.body ?? 'null')).toMatchObject({ timezone: 'Africa/Douala' });
  });

  it('says in French when no zone matches, and a click picks one', async () => {
    const { user, form } = await openEventTab('fr');
    const zone = form.getByRole('combobox', { name: 'Fuseau horaire' });
    await user.clear(zone);
    await user.type(zone, 'zzz');
    expect(form.getByRole('status').textContent).toBe(
      'Aucun fuseau horaire ne correspond à « zzz ».',
    );
    await user.clear(zone);
    await user.type(zone, 'new york');
    await user.click(form.getByRole('option', { name: /^America\/New York/ }));
    expect(zone).toHaveProperty('value', expect.stringMatching(/^America\/New York \(GMT-[45]\)$/));
    expect(form.getByText('Modifications non enregistrées')).toBeTruthy();
  });

  it('saves the window entered on the event clock as UTC instants', async () => {
    const { user, form } = await openEventTab();
    change(form.getByLabelText('Voting opens Date'), '2026-03-01');
    change(form.getByLabelText('Voting opens Time'), '09:00');
    change(form.getByLabelText('Voting closes Date'), '2026-07-14');
    change(form.getByLabelText('Voting closes Time'), '20:00');
    expect(form.getByText('Unsaved changes')).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Save settings' }));

    // The form starts afresh from the saved values: nothing left unsaved.
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull(), {
      timeout: 5000,
    });
    const body: unknown = JSON.parse(puts()[0]?.body ?? 'null');
    // Paris is on winter time (UTC+1) in March and summer time (UTC+2) in July.
    expect(body).toMatchObject({
      timezone: 'Europe/Paris',
      votingOpensAt: '2026-03-01T08:00:00.000Z',
      votingClosesAt: '2026-07-14T18:00:00.000Z',
    });
    const saved = await session.testApp.app.ctx.event.current();
    expect(saved.votingClosesAt).toBe('2026-07-14T18:00:00.000Z');
    expect(screen.getByDisplayValue('2026-07-14')).toBeTruthy();
  });

  it('turns SMS receipts off with its explanation, in French too', async () => {
    const { user, form } = await openEventTab('fr');
    const group = form.getByRole('group', { name: 'Reçus par SMS' });
    expect(
      within(group).getByRole('button', { name: 'Activés' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await user.click(within(group).getByRole('button', { name: 'Désactivés' }));
    expect(form.getByText(/^Aucun SMS n’est envoyé/)).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(puts()).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(puts()[0]!.body ?? 'null')).toMatchObject({ smsReceipts: false });
    await waitFor(async () =>
      expect((await session.testApp.app.ctx.event.current()).smsReceipts).toBe(false),
    );
  });

  it('refuses a close before the opening, in the interface language, without sending', async () => {
    const { user, form } = await openEventTab('fr');
    change(form.getByLabelText('Ouverture du vote Date'), '2026-07-14');
    change(form.getByLabelText('Ouverture du vote Heure'), '20:00');
    change(form.getByLabelText('Clôture du vote Date'), '2026-07-14');
    change(form.getByLabelText('Clôture du vote Heure'), '19:00');
    change(form.getByLabelText('Masquer les votes avant la clôture (heures)'), '0');
    await user.click(form.getByRole('button', { name: 'Enregistrer' }));

    expect(await form.findByText('La clôture du vote doit suivre son ouverture.')).toBeTruthy();
    expect(form.getByText('Indiquez un nombre entier d’heures entre 1 et 720.')).toBeTruthy();
    expect(form.getByLabelText('Clôture du vote Date').getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toHaveLength(0);
  });

  it('asks for both a date and a time', async () => {
    const { user, form } = await openEventTab();
    change(form.getByLabelText('Voting closes Date'), '2026-07-14');
    await user.click(form.getByRole('button', { name: 'Save settings' }));
    expect(
      await form.findByText('Enter both a date and a time, or leave both empty.'),
    ).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('publishes the results only after confirmation, then shows when', async () => {
    await setEvent(session.testApp.app.ctx.db, { votingClosesAt: new Date(Date.now() - 60_000) });
    session.testApp.app.ctx.events.emit('event-changed');
    const { user } = await openEventTab();
    await user.click(screen.getByRole('button', { name: 'Publish results' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish the results now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await session.testApp.app.ctx.event.current()).resultsPublishedAt).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Publish results' }));
    const again = await screen.findByRole('alertdialog', { name: 'Publish the results now?' });
    await user.click(within(again).getByRole('button', { name: 'Publish results' }));

    const done = await screen.findByRole('button', { name: 'Results published' });
    expect(done).toHaveProperty('disabled', true);
    expect(screen.getByText(/^Published on /)).toBeTruthy();
    expect((await session.testApp.app.ctx.event.current()).resultsPublishedAt).not.toBeNull();
  });

  it('says voting is still open before publishing, and closes it first when asked', async () => {
    const { user } = await openEventTab();
    await user.click(screen.getByRole('button', { name: 'Publish results' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Voting is still open' });
    expect(
      within(dialog).getByText(/^Voting has no closing time, so voters can still pay\./),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Publish and end voting' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close voting now' }));

    await waitFor(
      async () =>
        expect(await session.testApp.app.ctx.event.current()).toMatchObject({
          status: 'closed',
          resultsPublishedAt: null,
        }),
      { timeout: 5000 },
    );
    // The tab hears of the close: its preview says so, and the question no longer says open.
    expect(await screen.findByText('Closed', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publish results' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'Publish the results now?' }),
    ).toBeTruthy();
  });

  it('in French, says voting is still open until its close', async () => {
    await setEvent(session.testApp.app.ctx.db, {
      votingClosesAt: new Date('2099-12-19T19:00:00Z'),
    });
    session.testApp.app.ctx.events.emit('event-changed');
    const { user } = await openEventTab('fr');
    await user.click(screen.getByRole('button', { name: 'Publier les résultats' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Le vote est encore ouvert' });
    expect(
      within(dialog).getByText(
        /^Les votants peuvent encore payer jusqu’au samedi 19 décembre 2099 à 20:00/,
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Clôturer le vote maintenant' }),
    ).toBeTruthy();
  });

  it('switching tab with unsaved settings asks first; Stay keeps them, Leave switches', async () => {
    const { user, form } = await openEventTab();
    const name = form.getByLabelText('Event name');
    change(name, 'Renamed Awards');
    await user.click(screen.getByRole('tab', { name: 'Activity' }));

    expect(await screen.findByRole('alertdialog', { name: 'Unsaved Changes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay on Page' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Event' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('Event name')).toHaveProperty('value', 'Renamed Awards');
    expect(window.location.search).toBe('?tab=event');

    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    await user.click(await screen.findByRole('button', { name: 'Leave Without Saving' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe(
        'true',
      ),
    );
    expect(window.location.search).toBe('?tab=activity');
    expect(screen.queryByRole('form', { name: 'Settings' })).toBeNull();
    expect(puts()).toHaveLength(0);
  });

  it('asks in French too, and switching without edits does not ask', async () => {
    const { user } = await openEventTab('fr');
    await user.click(screen.getByRole('tab', { name: 'Activité' }));
    await waitFor(() => expect(window.location.search).toBe('?tab=activity'));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Événement' }));
    const settings = within(
      await screen.findByRole('form', { name: 'Paramètres' }, { timeout: 5000 }),
    );
    change(settings.getByLabelText('Nom de l’événement'), 'Trophées');
    await user.click(screen.getByRole('tab', { name: 'Gérer les artistes' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Modifications non enregistrées',
    });
    expect(within(dialog).getByRole('button', { name: 'Rester sur la page' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Quitter sans enregistrer' }));
    await waitFor(() => expect(window.location.search).toBe(''));
  });
});
