import type { VoterText } from './voter-text.js';

/**
 * What a voter reads when a request from the voter pages is refused: one sentence per field of
 * the request, in both site languages, and one for anything else (a missing body, a rule across
 * fields). Zod's wording and our field names are for developers; in a toast they tell a voter
 * nothing (docs/decisions/0030-voter-input-errors.md). A route names its texts in
 * `config.input.voter`; http/input-refusal.ts picks the sentence of the first field in error.
 */
export interface VoterInputTexts {
  fields: Readonly<Partial<Record<string, VoterText>>>;
  otherwise: VoterText;
}

export const VALID_EMAIL: VoterText = {
  en: 'Please enter a valid email address.',
  fr: 'Veuillez saisir une adresse e-mail valide.',
};
