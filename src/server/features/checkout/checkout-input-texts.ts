import type { VoterText } from '#server/http/voter-text.js';
import { VALID_EMAIL, type VoterInputTexts } from '#server/http/voter-input.js';

/** The sentences a voter reads when a checkout request is refused, field by field (ADR 0030). */

const PAYMENT_REFERENCE: VoterText = {
  en: 'This payment reference is not valid. Refresh the page and try again.',
  fr: "Cette référence de paiement n'est pas valide. Actualisez la page et réessayez.",
};

const VOTES: VoterText = {
  en: 'Choose from 0 to 100 votes per category, and at least one vote in all.',
  fr: 'Choisissez de 0 à 100 votes par catégorie, et au moins un vote au total.',
};

const VOTE_TOTAL: VoterText = {
  en: 'The vote total could not be read. Refresh the page and try again.',
  fr: "Le total des votes n'a pas pu être lu. Actualisez la page et réessayez.",
};

const PAYMENT_UNREADABLE: VoterText = {
  en: 'Your payment details could not be read. Refresh the page and try again.',
  fr: "Les informations de votre paiement n'ont pas pu être lues. Actualisez la page et réessayez.",
};

export const MOBILE_MONEY_PHONE: VoterText = {
  en: 'Enter an MTN or Orange mobile money number: the 9 digits after +237.',
  fr: 'Saisissez un numéro MTN ou Orange Mobile Money\u00a0: les 9 chiffres après +237.',
};

/** POST /api/campay-payment */
export const MOBILE_MONEY_INPUT: VoterInputTexts = {
  fields: {
    phoneNumber: MOBILE_MONEY_PHONE,
    voterEmail: VALID_EMAIL,
    nominationVotes: VOTES,
    totalVotes: VOTE_TOTAL,
  },
  otherwise: PAYMENT_UNREADABLE,
};

/** POST /api/create-payment-intent-multi */
export const CARD_PAYMENT_INPUT: VoterInputTexts = {
  fields: {
    paymentId: PAYMENT_REFERENCE,
    voterEmail: VALID_EMAIL,
    nominationVotes: VOTES,
    totalVotes: VOTE_TOTAL,
  },
  otherwise: PAYMENT_UNREADABLE,
};

/** The {id} of /api/payment/{id}/… */
export const PAYMENT_ID_INPUT: VoterInputTexts = {
  fields: {},
  otherwise: PAYMENT_REFERENCE,
};

/** PATCH /api/payment/{id}/email: its {id}, then its body. */
export const PAYMENT_EMAIL_INPUT: VoterInputTexts = {
  fields: { id: PAYMENT_REFERENCE },
  otherwise: VALID_EMAIL,
};

/** POST /api/confirm-payment */
export const CONFIRMATION_INPUT: VoterInputTexts = {
  fields: {},
  otherwise: {
    en: 'This card payment could not be confirmed. Refresh the page and try again.',
    fr: "Ce paiement par carte n'a pas pu être confirmé. Actualisez la page et réessayez.",
  },
};

/** POST /api/sandbox/card-confirm */
export const SANDBOX_CARD_INPUT: VoterInputTexts = {
  fields: {
    paymentId: PAYMENT_REFERENCE,
    cardNumber: {
      en: 'Enter a card number of 12 to 19 digits.',
      fr: 'Saisissez un numéro de carte de 12 à 19 chiffres.',
    },
  },
  otherwise: PAYMENT_UNREADABLE,
};

/** POST /api/checkout/challenge */
export const CHALLENGE_INPUT: VoterInputTexts = {
  fields: {
    token: {
      en: 'The check was not completed. Please try it again.',
      fr: "La vérification n'a pas été terminée. Veuillez réessayer.",
    },
  },
  otherwise: PAYMENT_UNREADABLE,
};
