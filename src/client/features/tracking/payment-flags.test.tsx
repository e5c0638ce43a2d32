import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCategory, createNominee } from '#test/factories/catalog-factory';
import { createCompletedPayment } from '#test/factories/payment-factory';
import { createPaymentFlag } from '#test/factories/payment-flag-factory';
import { renderScreen } from '#test/support/render-screen';
import { Toaster } from '#client/components/ui/toaster';
import { signedInAdminApp } from '#test/support/signed-in-admin-app';
import { VoterTrackingPage } from './voter-tracking-page';

/*
 * Three completed payments: one flagged for many phones from its device, one for a burst of its
 * category (both to be decided), and one never flagged.
 */
const session = signedInAdminApp({
  seed: async ({ db }) => {
    const category = await createCategory(db, { name: 'Best Song', nameFr: 'Meilleure chanson' });
    const { nominations } = await createNominee(db, { categoryIds: [category.id] });
    const votes = [{ nominationId: nominations[0]!.id, voteCount: 2 }];
    const paid = (voterEmail: string) =>
      createCompletedPayment(db, { votes, payment: { voterEmail } });
    await createPaymentFlag(db, await paid('device@example.com'), { measured: 4 });
    await createPaymentFlag(db, await paid('burst@example.com'), {
      kind: 'category-burst',
      measured: 480,
      threshold: 200,
      windowSeconds: 600,
      usual: 40,
      categoryId: category.id,
    });
    await paid('plain@example.com');
  },
});

/** The e-mails in the payments table, sorted (the phone cards repeat them below it). */
function shownEmails(): string[] {
  return within(screen.getByRole('table'))
    .queryAllByText(/@example\.com$/)
    .map((cell) => cell.textContent ?? '')
    .sort();
}

const rowOf = (email: string) =>
  screen.getByText(email, { selector: 'table *' }).closest('tr') as HTMLElement;

async function openTracking(language: 'en' | 'fr' = 'en') {
  const rendered = await renderScreen(
    <>
      <VoterTrackingPage />
      <Toaster />
    </>,
    { path: '/admin/voter-tracking', language },
  );
  await screen.findByText('plain@example.com', { selector: 'table *' }, { timeout: 10_000 });
  return rendered;
}

describe('velocity flags in voter tracking', () => {
  it('marks the flagged rows and lists only them under the flagged filter', async () => {
    const { user } = await openTracking();
    expect(within(rowOf('device@example.com')).getByText('Flagged')).toBeTruthy();
    expect(within(rowOf('plain@example.com')).queryByText('Flagged')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Velocity flags' }));
    await user.click(await screen.findByRole('option', { name: 'Flagged, not cleared' }));
    await expect.poll(shownEmails).toEqual(['burst@example.com', 'device@example.com']);
    const asked = session.network.requests.filter((r) => r.url.startsWith('/api/voter-tracking?'));
    expect(new URLSearchParams(asked.at(-1)!.url.split('?')[1]).get('flag')).toBe('flagged');
  });

  it('explains a flag in the organiser’s language', async () => {
    const { user } = await openTracking('fr');
    const row = rowOf('burst@example.com');
    await user.click(within(row).getByRole('button', { name: /^Signalements / }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        "Meilleure chanson a reçu 480 votes en 10 minutes, alors qu'environ 40 est habituel sur cette durée. Signalé à partir de 200 votes.",
      ),
    ).toBeTruthy();
  });

  it('holds a flagged payment only with a reason, and then shows it in review', async () => {
    const { user } = await openTracking();
    await user.click(within(rowOf('device@example.com')).getByRole('button', { name: /^Flags / }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        '4 phone numbers paid from one device (the same internet address and browser) within 60 minutes. Flagged from 3.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Hold for review' }));
    expect(await within(dialog).findByText('Say why you hold this payment.')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/Reason/), 'Four phones, one device');
    await user.click(within(dialog).getByRole('button', { name: 'Hold for review' }));
    expect(
      await screen.findByText('Payment held for review: its votes no longer count'),
    ).toBeTruthy();
    await expect
      .poll(() =>
        within(rowOf('device@example.com')).queryByText('Held for review: Four phones, one device'),
      )
      .toBeTruthy();
    expect(within(rowOf('device@example.com')).getByText('needs review')).toBeTruthy();

    // Credited after review: every vote counts again, under the receipt it had.
    await user.click(within(rowOf('device@example.com')).getByRole('button', { name: /^Review / }));
    const review = await screen.findByRole('dialog');
    expect(within(review).getByText('Four phones, one device')).toBeTruthy();
    await user.type(within(review).getByLabelText(/Reason/), 'One family, checked by phone');
    await user.click(within(review).getByRole('button', { name: 'Credit the votes' }));
    expect(await screen.findByText('2 votes credited')).toBeTruthy();
    await expect
      .poll(() => within(rowOf('device@example.com')).queryByText('completed'))
      .toBeTruthy();
  });

  it('clears the flags and leaves the payment as it is', async () => {
    const { user } = await openTracking();
    await user.click(within(rowOf('burst@example.com')).getByRole('button', { name: /^Flags / }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Clear the flags' }));
    expect(await screen.findByText('1 flag cleared')).toBeTruthy();
    await expect
      .poll(() => within(rowOf('burst@example.com')).queryByText('Flags cleared'))
      .toBeTruthy();
    expect(within(rowOf('burst@example.com')).getByText('completed')).toBeTruthy();
  });
});
