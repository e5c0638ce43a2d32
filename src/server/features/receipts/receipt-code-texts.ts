import type { VoterInputTexts } from '#server/http/voter-input.js';
import type { VoterText } from '#server/http/voter-text.js';

/**
 * What a voter reads about a receipt code in an address (the receipt, its resend, its place in
 * the ledger): one wording wherever a code is refused or unknown (ADR 0030).
 */
export const RECEIPT_CODE_INPUT: VoterInputTexts = {
  fields: {},
  otherwise: {
    en: 'Enter a receipt code of up to 12 letters and digits.',
    fr: 'Saisissez un code de reçu de 12 lettres et chiffres au plus.',
  },
};

export const NO_RECEIPT_WITH_CODE: VoterText = {
  en: 'No receipt has this code. Check it and try again.',
  fr: 'Aucun reçu ne porte ce code. Vérifiez-le et réessayez.',
};
