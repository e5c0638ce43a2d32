import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters, isForbiddenCharactersIssue, safeText } from './safe-text.js';

/** Any Unicode text without control characters: letters, accents, emoji (surrogate pairs)... */
const isPrintable = (text: string) =>
  [...text].every((ch) => ch.codePointAt(0)! >= 0x20 && ch.codePointAt(0) !== 0x7f);
const printable = fc.string({ unit: 'grapheme' }).filter(isPrintable);
const control = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

describe('safe text', () => {
  it('accepts any text of real characters, emoji included', () => {
    fc.assert(fc.property(printable, (text) => !hasForbiddenCharacters(text)));
    expect(hasForbiddenCharacters('Mbappé 😀 ®')).toBe(false);
  });

  it('refuses a control character or DEL anywhere, line breaks and tabs only where multi-line', () => {
    fc.assert(
      fc.property(printable, control, printable, (a, c, b) => {
        const text = `${a}${c}${b}`;
        const lineBreakOrTab = c === '\n' || c === '\t' || c === '\r';
        return (
          hasForbiddenCharacters(text) && hasForbiddenCharacters(text, true) === !lineBreakOrTab
        );
      }),
    );
    expect(hasForbiddenCharacters('a\u007fb', true)).toBe(true);
  });

  it('refuses half of a surrogate pair, at the start, middle or end', () => {
    fc.assert(
      fc.property(printable, loneSurrogate, printable, (a, s, b) => {
        // A high half followed by a low half would be a real pair: keep them apart.
        const text = `${a}${s}${/^[\udc00-\udfff]/.test(b) ? `x${b}` : b}`;
        const paired = /[\ud800-\udbff]$/.test(a) && s >= '\udc00';
        return paired || hasForbiddenCharacters(text, true);
      }),
    );
  });

  it('names the field in the message and marks the issue', () => {
    const result = safeText({ label: 'Name', trim: true }).safeParse(' a\u0000b ');
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.message).toBe('Name contains characters that are not allowed');
    expect(isForbiddenCharactersIssue(issue)).toBe(true);
    expect(safeText({ trim: true }).parse(' one line\n')).toBe('one line');
  });
});
