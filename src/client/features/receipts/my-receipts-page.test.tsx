import { act, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNominee } from '#test/factories/catalog-factory';
import { createCompletedPayment } from '#test/factories/payment-factory';
import { routeFetchToApp } from '#test/support/fetch-to-app';
import { sentLookupCode } from '#test/support/receipt-lookup-kit';
import { renderScreen } from '#test/support/render-screen';
import { createTestApp, type TestApp } from '#test/support/test-app';
import { MyReceiptsPage } from './my-receipts-page';
import { RESEND_COOLDOWN_SECONDS } from './receipt-code-step';

let testApp: TestApp;
let receiptCode: string;
const email = 'koffi@example.com';
beforeAll(async () => {
  testApp = await createTestApp('pglite', {
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000',
    RATE_LIMIT_LOOKUP_CODES_PER_RECIPIENT: '100',
    LOOKUP_CODE_ANSWER_FLOOR_MS: '0',
  });
  const { db } = testApp.app.ctx;
  const { nominations } = await createNominee(db, {});
  receiptCode = (
    await createCompletedPayment(db, {
      provider: 'stripe',
      votes: [{ nominationId: nominations[0]!.id, voteCount: 2 }],
      payment: { voterEmail: email },
    })
  ).receiptCode!;
});
afterAll(() => testApp.close());
beforeEach(() => {
  routeFetchToApp(testApp.app);
  // Only the resend countdown's interval is driven; the app's requests run in real time.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => vi.useRealTimers());

describe('my receipts, through a one-time code', () => {
  it('asks for the code, counts down to a new one, and lists the receipts with the right code', async () => {
    const { user } = await renderScreen(<MyReceiptsPage />, { path: '/my-receipts' });
    await user.type(await screen.findByLabelText('Email address'), email.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const step = await screen.findByRole('form', { name: 'Enter the code we sent' });
    expect(within(step).getByText(`We sent a 6-digit code to ${email}.`)).toBeTruthy();
    const field = within(step).getByLabelText('6-digit code');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('maxlength')).toBe('6');
    const resendIn = (seconds: number) =>
      within(step).getByRole('button', { name: `Send a new code (${seconds} s)` });
    expect(resendIn(RESEND_COOLDOWN_SECONDS).hasAttribute('disabled')).toBe(true);

    // Too short: refused on the page, in the field's description.
    await user.type(field, '12a3');
    expect((field as HTMLInputElement).value).toBe('123');
    await user.click(within(step).getByRole('button', { name: 'Confirm' }));
    expect(within(step).getByText('Enter the 6 digits of the code.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    // A wrong code: the server's sentence under the field.
    const first = (await sentLookupCode(testApp.app, email))!;
    await user.clear(field);
    await user.type(field, first === '000000' ? '000001' : '000000');
    await user.click(within(step).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(step).findByText('This code is wrong or has expired. Ask for a new one.'),
    ).toBeTruthy();

    act(() => void vi.advanceTimersByTime(10_000));
    expect(resendIn(RESEND_COOLDOWN_SECONDS - 10).hasAttribute('disabled')).toBe(true);
    act(() => void vi.advanceTimersByTime((RESEND_COOLDOWN_SECONDS - 10) * 1000));
    const resend = within(step).getByRole('button', { name: 'Send a new code' });
    expect(resend.hasAttribute('disabled')).toBe(false);
    await user.click(resend);
    const again = await screen.findByRole('button', {
      name: `Send a new code (${RESEND_COOLDOWN_SECONDS} s)`,
    });
    expect(again.hasAttribute('disabled')).toBe(true);
    const fresh = screen.getByLabelText('6-digit code');
    expect((fresh as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(fresh);

    const newest = (await sentLookupCode(testApp.app, email))!;
    await user.type(fresh, newest);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const cards = await screen.findAllByTestId('receipt-summary');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.textContent).toContain(receiptCode);
    // The search form is back, with the e-mail it was asked for.
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe(email);
  });

  it('goes back to change the e-mail or phone, in French', async () => {
    const { user } = await renderScreen(<MyReceiptsPage />, {
      path: '/my-receipts',
      language: 'fr',
    });
    await user.type(await screen.findByLabelText('Numéro de téléphone'), '677 12 34 56');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    const step = await screen.findByRole('form', { name: 'Saisir le code envoyé' });
    expect(
      within(step).getByText('Nous avons envoyé un code à 6 chiffres à +237 677 123 456.'),
    ).toBeTruthy();
    expect(within(step).getByText(/il expire dans 10 minutes/)).toBeTruthy();
    await user.click(
      within(step).getByRole('button', { name: "Changer d'e-mail ou de téléphone" }),
    );
    expect((screen.getByLabelText('Numéro de téléphone') as HTMLInputElement).value).toBe(
      '+237677123456',
    );
    expect(screen.getByLabelText('Adresse e-mail').hasAttribute('disabled')).toBe(true);
  });
});
