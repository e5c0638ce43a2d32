import type { SandboxTestCard, SandboxTestPhone } from '#shared/schemas/payment.js';
import type { VoterText } from '#server/http/voter-text.js';

/**
 * The sandbox's scripted outcomes. Stripe's public test card numbers, so habits carry over; test
 * phones on real MTN and Orange prefixes, so they pass the same validation as real numbers.
 * Any other valid number succeeds. Mobile money behaves as Campay does: a voter's empty wallet or
 * declined prompt fails the transaction after the prompt, with a reason; only the number, carrier
 * or amount gets the request itself refused (ER101, ER102, ER201).
 */
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: '4242424242424242', outcome: 'succeeds', description: 'Payment succeeds' },
  { number: '4000000000000002', outcome: 'declined', description: 'Card declined' },
  {
    number: '4000000000009995',
    outcome: 'insufficient_funds',
    description: 'Declined: insufficient funds',
  },
];

export const SANDBOX_TEST_PHONES: readonly SandboxTestPhone[] = [
  {
    phoneNumber: '237670000001',
    outcome: 'fails',
    description: "Fails after the delay: the voter's wallet holds too little",
  },
  {
    phoneNumber: '237690000002',
    outcome: 'fails',
    description: 'Fails after the delay: the voter declined the prompt',
  },
  {
    phoneNumber: '237670000003',
    outcome: 'never_completes',
    description: 'Never completes (stays pending until it expires)',
  },
  {
    phoneNumber: '237690000004',
    outcome: 'refused',
    description: 'Refused at once: not a mobile-money number (as Campay ER101)',
  },
];

export const SANDBOX_PHONE_FAILURES: Readonly<Record<string, string>> = {
  '237670000001': 'Insufficient balance on the mobile-money account.',
  '237690000002': 'The payment was declined on the phone.',
};

export const SANDBOX_CARD_DECLINES: Readonly<Record<string, { code: string; texts: VoterText }>> = {
  '4000000000000002': {
    code: 'card_declined',
    texts: { en: 'Your card was declined.', fr: 'Votre carte a été refusée.' },
  },
  '4000000000009995': {
    code: 'insufficient_funds',
    texts: {
      en: 'Your card has insufficient funds.',
      fr: 'Les fonds de votre carte sont insuffisants.',
    },
  },
};
