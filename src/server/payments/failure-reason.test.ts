import { describe, expect, it } from 'vitest';
import { SANDBOX_PHONE_FAILURES } from './providers/sandbox-test-numbers.js';
import { CAMPAY_LOW_BALANCE_REASON } from '#test/fakes/fake-campay.js';
import { paymentFailureReason } from './failure-reason.js';

describe('why a mobile-money payment failed, as the voter is told', () => {
  it.each([
    [SANDBOX_PHONE_FAILURES['237670000001'], 'insufficient_balance'],
    [SANDBOX_PHONE_FAILURES['237690000002'], 'declined'],
    ['expired', 'timed_out'],
    // Our own refusals of the request: the voter was told at once.
    ['ER301: Insufficient balance on the mobile-money account.', null],
    // Operators' reasons written as codes.
    ['LOW_BALANCE_OR_PAYEE_LIMIT_REACHED_OR_NOT_ALLOWED', 'insufficient_balance'],
    ['NOT_ENOUGH_FUNDS', 'insufficient_balance'],
    ['APPROVAL_REJECTED', 'declined'],
    ['EXPIRED', 'timed_out'],
    ['Provision insuffisante', 'insufficient_balance'],
    [CAMPAY_LOW_BALANCE_REASON, 'insufficient_balance'],
    ['Insufficient funds', 'insufficient_balance'],
    ['Solde insuffisant', 'insufficient_balance'],
    ['Payment declined by the user', 'declined'],
    ['Transaction rejected by subscriber', 'declined'],
    ['Transaction annulée par le client', 'declined'],
    ['Transaction timed out', 'timed_out'],
    ['USSD session timeout', 'timed_out'],
    ['Délai dépassé', 'timed_out'],
    ['ER101: This phone number is not a valid mobile-money number.', null],
    ['ER102: Mobile money payment was refused: unsupported', null],
    ['card payment could not be set up', null],
    ['Campay reported the payment failed, without a reason.', null],
    ['Something else', null],
    [null, null],
  ])('%s → %s', (stored, reason) => {
    expect(paymentFailureReason(stored ?? null)).toBe(reason);
  });
});
