import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createEdition } from '#test/factories/edition-factory';
import { createOutboxMessages } from '#test/factories/outbox-factory';
import { openAdminTab } from '#test/support/open-admin-tab';
import { signedInAdminApp } from '#test/support/signed-in-admin-app';

/** A past edition with one receipt message of its own, which only its Messages tab lists. */
const PAST = 'past-messages';

const session = signedInAdminApp({
  seed: async ({ db }) => {
    const at = (minute: number) => new Date(Date.UTC(2025, 2, 10, 20, minute));
    await createOutboxMessages(db, [
      { state: 'sandbox', body: 'Palmares: receipt K7QX2M', sentAt: at(1), createdAt: at(1) },
      {
        state: 'sent',
        deliveryStatus: 'delivered',
        sentAt: at(2),
        deliveredAt: at(3),
        attempts: 1,
        createdAt: at(2),
      },
      {
        state: 'failed',
        kind: 'refund',
        attempts: 5,
        lastError: 'gateway answered 500',
        createdAt: at(4),
      },
      {
        channel: 'email',
        state: 'pending',
        kind: 'dispute',
        subject: 'Your payment is disputed',
        createdAt: at(5),
      },
    ]);
    const past = await createEdition(db, { slug: PAST });
    await createOutboxMessages(db, [
      {
        editionId: past.id,
        state: 'sandbox',
        body: 'Palmares: receipt OLD2025',
        sentAt: at(0),
        createdAt: at(0),
      },
    ]);
  },
});

const openMessages = (language: 'en' | 'fr' = 'en') =>
  openAdminTab('messages', { role: 'list', name: /Messages/ }, language);

const items = () =>
  within(screen.getByRole('list', { name: /Messages/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

describe('the Messages tab', () => {
  it('lists the messages newest first, each with where it stands and why', async () => {
    const { user } = await openMessages();
    expect(screen.getByRole('tab', { name: /Messages/, selected: true })).toBeTruthy();
    const shown = items();
    expect(shown).toHaveLength(4);
    expect(shown[0]).toMatch(/^E-mail·Dispute noticequeuedvoter@example\.com/);
    expect(shown[1]).toMatch(/^SMS·Refund noticefailed\+237690000000/);
    expect(shown[1]).toMatch(/5 attemptsLast error: gateway answered 500/);
    expect(shown[2]).toMatch(/^SMS·Receiptdelivered\+237690000000/);
    expect(shown[3]).toMatch(/^SMS·Receiptkept here, not sent\+237690000000/);
    // Kept, not sent: no time of sending beside it.
    expect(shown[3]).not.toMatch(/sent \d/);
    expect(screen.getByText('Showing 1–4 of 4')).toBeTruthy();
    // Under the SMS budget, nothing to warn about.
    expect(screen.queryByRole('alert')).toBeNull();

    // The sandbox's text is one disclosure away.
    const sandbox = screen.getAllByRole('listitem')[3]!;
    await user.click(within(sandbox).getByText('Show the message'));
    expect(within(sandbox).getByText('Palmares: receipt K7QX2M')).toBeTruthy();
  });

  it('shows only the failed ones when asked', async () => {
    const { user } = await openMessages();
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await screen.findByText('Showing 1–1 of 1');
    expect(items()).toHaveLength(1);
    expect(session.network.requests.some((r) => r.url.includes('state=failed'))).toBe(true);
  });

  it('reads in French', async () => {
    await openMessages('fr');
    expect(screen.getByRole('heading', { name: 'Messages aux votants' })).toBeTruthy();
    expect(items()[1]).toMatch(/^SMS·Avis de remboursementéchec\+237690000000/);
    expect(items()[3]).toMatch(/^SMS·Reçugardé ici, non envoyé\+237690000000/);
  });

  it("lists a past edition's messages on that edition only", async () => {
    const { user } = await openAdminTab('messages', { role: 'list', name: /Messages/ }, 'en', PAST);
    const shown = items();
    expect(shown).toHaveLength(1);
    await user.click(screen.getByText('Show the message'));
    expect(screen.getByText('Palmares: receipt OLD2025')).toBeTruthy();
  });
});

describe('the Messages tab once the SMS budget for the hour is spent', () => {
  signedInAdminApp({
    env: { SMS_BUDGET_PER_HOUR: '2' },
    seed: async ({ db }) => {
      await createOutboxMessages(db, [
        { state: 'sandbox', kind: 'lookup-code', createdAt: new Date() },
        { state: 'sandbox', kind: 'lookup-code', createdAt: new Date() },
      ]);
    },
  });

  it('warns the organiser that codes and resends go by e-mail only', async () => {
    await openMessages();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/^The SMS budget for the hour is spent/);
    expect(alert.textContent).toMatch(/2 SMS in the last hour, for a budget of 2/);
    expect(alert.textContent).toMatch(/go by e-mail only/);
  });

  it('warns in French', async () => {
    await openMessages('fr');
    expect(screen.getByRole('alert').textContent).toMatch(/^Le budget SMS de l’heure est épuisé/);
  });
});
