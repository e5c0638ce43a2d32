import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCategory, createNominee } from '#test/factories/catalog-factory';
import {
  createCompletedPayment,
  createNeedsReviewPayment,
  revisePaymentAs,
} from '#test/factories/payment-factory';
import { createOutboxMessages } from '#test/factories/outbox-factory';
import { call } from '#test/support/call-app';
import { catchDownloads } from '#test/support/catch-downloads';
import { openAdminTab } from '#test/support/open-admin-tab';
import { signedInAdminApp } from '#test/support/signed-in-admin-app';
import { renderScreen } from '#test/support/render-screen';
import { createEdition } from '#test/factories/edition-factory';
import { AdminPage } from '../admin-page';

/*
 * Two days in the event's zone (Africa/Lagos by default) at the default estimate rates (Stripe
 * 2.9 % + 30 cents, Campay 2 %). 10 March: two card payments (one fee reported, one estimated)
 * and a mobile-money payment with its fee reported. 11 March: a mobile-money payment refunded in
 * full (its estimated fee makes the day's net negative) and one waiting for review.
 */
const session = signedInAdminApp({
  seed: async ({ db }) => {
    const category = await createCategory(db, { name: 'Best Album' });
    const nominationId = (await createNominee(db, { categoryIds: [category.id] })).nominations[0]!
      .id;
    const votes = (voteCount: number) => [{ nominationId, voteCount }];
    await createCompletedPayment(db, {
      provider: 'stripe',
      votes: votes(4),
      at: new Date('2025-03-10T10:00:00Z'),
      payment: { providerFee: 36 },
    });
    await createCompletedPayment(db, {
      provider: 'stripe',
      votes: votes(2),
      at: new Date('2025-03-10T12:00:00Z'),
    });
    await createCompletedPayment(db, {
      provider: 'campay',
      votes: votes(3),
      at: new Date('2025-03-10T12:00:00Z'),
      payment: { providerFee: 6 },
    });
    const refunded = await createCompletedPayment(db, {
      provider: 'campay',
      votes: votes(5),
      at: new Date('2025-03-11T09:00:00Z'),
    });
    await revisePaymentAs(db, refunded.id, { kind: 'refund', refundedAmount: 500 });
    await createNeedsReviewPayment(db, {
      provider: 'campay',
      votes: votes(2),
      at: new Date('2025-03-11T10:00:00Z'),
    });
    await createOutboxMessages(db, [
      { state: 'sent', costAmount: 25, costCurrency: 'XAF' },
      { state: 'sent', costAmount: 25, costCurrency: 'XAF' },
      { state: 'failed' },
      { state: 'sandbox' },
      { channel: 'email', state: 'sent' },
    ]);
    // A past edition's payment, at its own price: only its own Finance tab shows it.
    const past = await createEdition(db, { slug: 'past-2025' });
    const pastCategory = await createCategory(db, { editionId: past.id });
    const pastNomination = (await createNominee(db, { categoryIds: [pastCategory.id] }))
      .nominations[0]!.id;
    await createCompletedPayment(db, {
      provider: 'campay',
      votes: [{ nominationId: pastNomination, voteCount: 7 }],
      at: new Date('2025-03-12T10:00:00Z'),
      payment: { editionId: past.id, unitPrice: 150, providerFee: 21 },
    });
  },
});

const openFinance = (language: 'en' | 'fr' = 'en') =>
  openAdminTab('finance', { role: 'table' }, language);

const rowTexts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((row) => row.textContent ?? '');

describe('the Finance tab', () => {
  it("shows the selected edition's money only", async () => {
    await renderScreen(<AdminPage />, { path: '/admin?tab=finance&edition=past-2025' });
    await screen.findByRole('table', {}, { timeout: 10_000 });
    const francs = within(screen.getByRole('group', { name: 'CFA francs' }));
    expect(francs.getByText(/^1[\s,.\u202f\u00a0]?029 CFA$/)).toBeTruthy(); // 1050 − 21
    expect(rowTexts().some((row) => row.includes('2025-03-10') || row.includes('10 Mar'))).toBe(
      false,
    );
    expect(screen.queryByText('$2.31')).toBeNull();
  });

  it('shows each currency apart, with its net, fees and what is estimated', async () => {
    await openFinance();
    expect(screen.getByRole('tab', { name: /Finance/, selected: true })).toBeTruthy();

    const dollars = within(screen.getByRole('group', { name: 'US dollars' }));
    expect(dollars.getByText('$2.31')).toBeTruthy(); // 3.00 − 0.69
    expect(dollars.getByText('$3.00')).toBeTruthy();
    expect(dollars.getByText('$0.69')).toBeTruthy();
    expect(dollars.getByText('Estimate')).toBeTruthy();
    expect(dollars.getByText('Estimated fees: $0.33 (1 payment of 2)')).toBeTruthy();

    const francs = within(screen.getByRole('group', { name: 'CFA francs' }));
    expect(francs.getByText('284 CFA')).toBeTruthy(); // 800 − 16 − 500
    expect(francs.getByText('1 payment (200 CFA) awaits review and is not counted.')).toBeTruthy();

    expect(
      screen.getByText(/estimated at 2\.9% \+ \$0\.30 for cards and 2% for mobile money/),
    ).toBeTruthy();
  });

  it('counts the messages to voters and what the gateways said they cost', async () => {
    await openFinance();
    const card = within(screen.getByRole('group', { name: 'Messages to voters' }));
    expect(card.getByText('2 sent')).toBeTruthy();
    expect(card.getByText('1 sent')).toBeTruthy();
    // The sandbox's SMS, in the words the Messages tab uses for it.
    const kept = card.getAllByText('Kept here, not sent');
    expect(kept.map((label) => label.nextElementSibling?.textContent)).toEqual(['1', '0']);
    expect(card.getByText('Cost reported by the gateways: 50 CFA for 2 messages')).toBeTruthy();
    expect(
      card.getByText(
        '1 sent message has no reported cost (e-mail, or a gateway that does not report it).',
      ),
    ).toBeTruthy();
  });

  it('counts the messages in French too', async () => {
    await openFinance('fr');
    const card = within(screen.getByRole('group', { name: 'Messages aux votants' }));
    expect(card.getByText('2 envoyés')).toBeTruthy();
    expect(card.getAllByText('Gardé ici, non envoyé')).toHaveLength(2);
    expect(
      card.getByText('Coût indiqué par les passerelles : 50 CFA pour 2 messages'),
    ).toBeTruthy();
  });

  it('lists the days newest first, a row per provider, a loss in red with a minus', async () => {
    await openFinance();
    const [header, ...rows] = rowTexts();
    expect(header).toBe('DayProviderPaymentsGrossFeesRefundsDisputes lostNet');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^11 Mar 2025Mobile Money1 payment \(200 CFA\) awaits/);
    expect(rows[0]).toMatch(/500 CFAEstimate10 CFA500 CFA0 CFA\u221210 CFA$/);
    expect(rows[1]).toMatch(/^10 Mar 2025Card2\$3\.00Estimate\$0\.69\$0\.00\$0\.00\$2\.31$/);
    expect(rows[2]).toBe('Mobile Money1300 CFA6 CFA0 CFA0 CFA294 CFA');
    const loss = within(screen.getByRole('table')).getByText('\u221210 CFA');
    expect(loss.className).toContain('text-destructive');
    // The phone's cards carry the same days.
    const cards = screen.getByRole('list', { name: 'Money by day and provider' });
    expect(
      within(cards)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['11 Mar 2025', '10 Mar 2025']);
  });

  it('asks for the chosen period and says when it has no money', async () => {
    const { user } = await openFinance();
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Today' }));
    expect(await screen.findByText('No money in this period')).toBeTruthy();
    expect(session.network.requests.some((r) => r.url === '/api/admin/finance?period=today')).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Download CSV' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('downloads the same report as CSV from the server', async () => {
    const clicked = catchDownloads();
    const { user } = await openFinance();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(clicked).toHaveLength(1);
    const url = new URL(clicked[0]!);
    expect(`${url.pathname}${url.search}`).toBe('/api/admin/finance.csv?period=all');
    const answer = await call<string>(session.testApp.app, {
      url: `${url.pathname}${url.search}`,
      headers: { cookie: session.admin.cookie },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('2025-03-11,campay,XAF,1,500,10,10,1,500,0,0,-10,1,200');
    expect(answer.body).toContain('Total,,USD,2,3.00,0.69,0.33,1,0.00,0.00,0.00,2.31,0,0.00');
  });

  it('reads in French', async () => {
    await openFinance('fr');
    expect(screen.getByRole('tab', { name: /Finances/, selected: true })).toBeTruthy();
    const dollars = within(screen.getByRole('group', { name: 'Dollars US' }));
    expect(dollars.getByText(/^2,31\s\$US$/)).toBeTruthy();
    expect(dollars.getByText('Estimation')).toBeTruthy();
    const francs = within(screen.getByRole('group', { name: 'Francs CFA' }));
    expect(
      francs.getByText("1 paiement (200 CFA) attend une vérification et n'est pas compté."),
    ).toBeTruthy();
    const [header, first = ''] = rowTexts();
    expect(header).toBe('JourPrestatairePaiementsBrutFraisRemboursementsLitiges perdusNet');
    expect(first).toMatch(/^11 mars 2025Mobile Money/);
    expect(first).toMatch(/\u221210 CFA$/);
    expect(screen.getByRole('button', { name: 'Télécharger le CSV' })).toBeTruthy();
    expect(screen.getByText(/estimés à 2,9\s%\s\+\s0,30\s\$US pour les cartes/)).toBeTruthy();
  });
});
