import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '#test/support/render-screen';
import { ReceiptCodeStep } from './receipt-code-step';

const step = (smsPaused: boolean) => (
  <ReceiptCodeStep
    contact={{ phoneNumber: '237677123456' }}
    expiresInSeconds={600}
    smsPaused={smsPaused}
    confirming={false}
    resending={false}
    error={null}
    onConfirm={() => undefined}
    onResend={() => undefined}
    onChangeContact={() => undefined}
  />
);

describe('the code step when the site has no SMS left for the hour', () => {
  it('says the code went by e-mail, if the payment gave one', async () => {
    await renderScreen(step(true));
    expect(screen.getByText(/^SMS codes are paused for the moment/).textContent).toBe(
      'SMS codes are paused for the moment: if a payment from this number gave an email address, the code went there instead. It expires in 10 minutes.',
    );
  });

  it('says it in French', async () => {
    await renderScreen(step(true), { language: 'fr' });
    expect(screen.getByText(/^Les codes par SMS sont suspendus/)).toBeTruthy();
  });

  it('says nothing of it otherwise', async () => {
    await renderScreen(step(false));
    expect(screen.queryByText(/paused/)).toBeNull();
    expect(screen.getByText(/It only arrives if this email address or number paid/)).toBeTruthy();
  });
});
