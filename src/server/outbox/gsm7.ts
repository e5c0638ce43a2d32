/**
 * The GSM 03.38 alphabet most SMS are sent in: a message of at most 160 of its characters fits in
 * one SMS. A single character outside it turns the whole message into UCS-2, where one SMS holds
 * 70, so a text meant for one SMS must keep to these.
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Reached through an escape, so each takes two of the 160. */
const EXTENDED = '^{}\\[~]|€\f';

const basic = new Set(BASIC);
const extended = new Set(EXTENDED);

/** The characters of one single-part SMS in the GSM alphabet. */
export const SMS_SINGLE_PART = 160;

/** How many GSM characters `text` takes; null when a character is outside the alphabet. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (basic.has(char)) length += 1;
    else if (extended.has(char)) length += 2;
    else return null;
  }
  return length;
}

/**
 * `text` in the GSM alphabet: an accented letter outside it loses its accent (ê → e, ç → c), a
 * typographic quote or dash becomes its plain form, anything else becomes '?'. Names written by
 * organisers (categories) go through this before they go into an SMS.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text) {
    if (basic.has(char) || extended.has(char)) {
      out += char;
      continue;
    }
    const plain = PLAIN_FORMS[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
    out += [...plain].every((c) => basic.has(c) || extended.has(c)) ? plain : '?';
  }
  return out;
}

const PLAIN_FORMS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u00AB': '"',
  '\u00BB': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u202F': ' ',
  œ: 'oe',
  Œ: 'OE',
};
