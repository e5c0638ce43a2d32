import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCategory, createNominee } from '#test/factories/catalog-factory';
import { createBlockedPrompts } from '#test/factories/blocked-prompt-factory';
import { createEdition } from '#test/factories/edition-factory';
import {
  createCompletedPayment,
  createPendingPayment,
  settlePayment,
} from '#test/factories/payment-factory';
import { renderScreen } from '#test/support/render-screen';
import { signedInAdminApp } from '#test/support/signed-in-admin-app';
import { VoterTrackingPage } from './voter-tracking-page';

/*
 * Three payments, told apart by their voters' e-mails: a completed mobile-money one on 10 January,
 * a pending card one on 20 January, a failed mobile-money one on 25 January. And one in a past
 * edition, which only that edition's tracking lists.
 */
const PAST = 'past-tracking';
const session = signedInAdminApp({
  seed: async ({ db }) => {
    const { nominations } = await createNominee(db);
    const votes = [{ nominationId: nominations[0]!.id, voteCount: 2 }];
    await createCompletedPayment(db, {
      provider: 'campay',
      votes,
      payment: { voterEmail: 'paid@example.com', createdAt: new Date('2026-01-10T12:00:00Z') },
      at: new Date('2026-01-10T12:01:00Z'),
    });
    await createPendingPayment(db, {
      provider: 'stripe',
      votes,
      payment: { voterEmail: 'pending@example.com', createdAt: new Date('2026-01-20T12:00:00Z') },
    });
    const failed = await createPendingPayment(db, {
      provider: 'campay',
      votes,
      payment: { voterEmail: 'failed@example.com', createdAt: new Date('2026-01-25T12:00:00Z') },
    });
    await settlePayment(db, failed.id, { status: 'failed', reason: 'declined' });
    await createBlockedPrompts(db, [
      { phoneHash: 'a'.repeat(64), reason: 'unanswered', attempts: 4 },
      { phoneHash: 'b'.repeat(64), reason: 'hourly-limit', attempts: 1 },
    ]);
    const past = await createEdition(db, { slug: PAST });
    const pastCategory = await createCategory(db, { editionId: past.id });
    const pastNominee = await createNominee(db, { categoryIds: [pastCategory.id] });
    await createCompletedPayment(db, {
      votes: [{ nominationId: pastNominee.nominations[0]!.id, voteCount: 1 }],
      payment: {
        editionId: past.id,
        voterEmail: 'last-year@example.com',
        createdAt: new Date('2025-01-10T12:00:00Z'),
      },
    });
  },
});

/** The e-mails in the payments table, top to bottom (the phone cards repeat them below it). */
function shownEmails(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .queryAllByText(/@example\.com$/)
    .map((cell) => cell.textContent ?? '')
    .sort();
}

/** The query string of the last list request the app received. */
function lastListQuery(): URLSearchParams {
  const list = session.network.requests.filter((request) =>
    request.url.startsWith('/api/voter-tracking?'),
  );
  return new URLSearchParams(list.at(-1)?.url.split('?')[1]);
}

async function openTracking(language: 'en' | 'fr' = 'en') {
  const rendered = await renderScreen(<VoterTrackingPage />, {
    path: '/admin/voter-tracking',
    language,
  });
  // The first answer waits on the admin check and a cold app: more than findBy's default second.
  await screen.findByText('paid@example.com', { selector: 'table *' }, { timeout: 10_000 });
  return rendered;
}

async function choose(
  user: Awaited<ReturnType<typeof renderScreen>>['user'],
  select: string,
  option: string,
) {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('voter tracking filters', () => {
  it('lists every payment at first, asking with no filter', async () => {
    await openTracking();
    expect(shownEmails()).toEqual([
      'failed@example.com',
      'paid@example.com',
      'pending@example.com',
    ]);
    const query = lastListQuery();
    expect(query.has('status')).toBe(false);
    expect(query.has('provider')).toBe(false);
    expect(query.get('page')).toBe('1');
  });

  it('tells the organiser what was refused to protect phones', async () => {
    await openTracking();
    expect(
      await screen.findByText(
        /^5 mobile-money requests were refused in the last 24 hours to protect 2 phone numbers\./,
      ),
    ).toBeTruthy();
    expect(screen.getByText('After unanswered prompts: 4. Over the hourly limit: 1.')).toBeTruthy();
  });

  it('tells it in French', async () => {
    await renderScreen(<VoterTrackingPage />, { path: '/admin/voter-tracking', language: 'fr' });
    expect(
      await screen.findByText(
        /^5 demandes Mobile Money ont été refusées ces dernières 24 heures pour protéger 2 numéros de téléphone\./,
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });

  it("lists a past edition's payments on that edition only", async () => {
    await renderScreen(<VoterTrackingPage />, { path: `/admin/voter-tracking?edition=${PAST}` });
    await screen.findByText('last-year@example.com', { selector: 'table *' }, { timeout: 10_000 });
    expect(shownEmails()).toEqual(['last-year@example.com']);
    expect(lastListQuery().get('edition')).toBe(PAST);
  });

  it('choosing a status asks the server for it and shows only those rows', async () => {
    const { user } = await openTracking();
    await choose(user, 'Status', 'Failed');
    await screen.findByText('1 active filter');
    expect(lastListQuery().get('status')).toBe('failed');
    await expect.poll(shownEmails).toEqual(['failed@example.com']);
  });

  it('choosing a provider narrows the rows; Reset Filters brings them back', async () => {
    const { user } = await openTracking();
    await choose(user, 'Provider', 'Card');
    expect(lastListQuery().get('provider')).toBe('stripe');
    await expect.poll(shownEmails).toEqual(['pending@example.com']);

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    // The unfiltered list is still cached (the app's queries never go stale), so it returns
    // without a new request.
    await expect.poll(shownEmails).toHaveLength(3);
    expect(screen.queryByText(/active filter/)).toBeNull();
  });

  it('dates are sent as days with the time zone and bound the rows', async () => {
    const { user } = await openTracking();
    await user.type(screen.getByLabelText('From date'), '2026-01-15');
    await user.type(screen.getByLabelText('To date'), '2026-01-22');
    await expect.poll(shownEmails).toEqual(['pending@example.com']);
    const query = lastListQuery();
    expect(query.get('from')).toBe('2026-01-15');
    expect(query.get('to')).toBe('2026-01-22');
    expect(query.get('tz')).toBeTruthy();
  });

  it('dates the wrong way round are explained and not sent', async () => {
    const { user } = await openTracking();
    await user.type(screen.getByLabelText('From date'), '2026-01-22');
    const before = session.network.requests.length;
    await user.type(screen.getByLabelText('To date'), '2026-01-15');
    expect(await screen.findByText('The from date is after the to date.')).toBeTruthy();
    const sent = session.network.requests.slice(before).map((request) => request.url);
    expect(sent.filter((url) => url.includes('to=2026-01-15'))).toEqual([]);
  });

  it('the filters are labelled in French', async () => {
    const { user } = await openTracking('fr');
    await choose(user, 'Statut', 'Terminé');
    expect(lastListQuery().get('status')).toBe('completed');
    await expect.poll(shownEmails).toEqual(['paid@example.com']);
  });
});
