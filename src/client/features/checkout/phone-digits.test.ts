import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backspaceInBox,
  EMPTY_PHONE_DIGITS,
  enterDigits,
  inputInBox,
  internationalPhone,
  isPhoneComplete,
  keyInBox,
  pasteIntoBoxes,
  type DigitsEdit,
  type PhoneDigits,
} from './phone-digits';

const digitsOf = (text: string) => EMPTY_PHONE_DIGITS.map((_, index) => text.charAt(index));

/**
 * The boxes as a browser runs them, wired the way phone-digits-input.tsx wires them: keydown goes
 * to keyInBox, and when that leaves the key to the browser, the browser edits the focused box
 * (replacing its selection) and fires `input`, which goes to inputInBox. The fields are
 * controlled: after every event they show the state again, and the box focused by the edit has
 * its content selected.
 *
 * A hardware keyboard names its keys; virtual keyboards often say 'Unidentified' for all of them,
 * so the browser inserts the text itself. A tap may leave the box's content selected (our focus
 * handler) or, on some browsers, a bare caret before or after the digit.
 */
type Keyboard = 'hardware' | 'virtual';
type Caret = 'all' | 'start' | 'end';

class SimulatedBrowser {
  digits: PhoneDigits = EMPTY_PHONE_DIGITS;
  focus = 0;
  private selection: [number, number] = [0, 0];

  private get value(): string {
    return this.digits[this.focus] ?? '';
  }

  private apply(edit: DigitsEdit): void {
    this.digits = edit.digits;
    this.focus = edit.focus;
    this.selection = [0, this.value.length];
  }

  tap(box: number, caret: Caret = 'all'): void {
    this.focus = box;
    const length = this.value.length;
    this.selection = caret === 'all' ? [0, length] : caret === 'start' ? [0, 0] : [length, length];
  }

  press(key: string, keyboard: Keyboard = 'hardware'): void {
    const edit = keyInBox(this.digits, this.focus, keyboard === 'hardware' ? key : 'Unidentified');
    if (edit) return this.apply(edit);
    if (key === 'Backspace') return this.browserBackspace();
    if (key.length !== 1) return;
    const [start, end] = this.selection;
    const value = this.value.slice(0, start) + key + this.value.slice(end);
    this.apply(inputInBox(this.digits, this.focus, value, key));
  }

  type(text: string, keyboards: readonly Keyboard[] = ['hardware']): void {
    [...text].forEach((key, i) => this.press(key, keyboards[i % keyboards.length]));
  }

  paste(text: string): void {
    this.apply(pasteIntoBoxes(text));
  }

  /** Deletes the selection, or the character before the caret; nothing to delete, no event. */
  private browserBackspace(): void {
    const [start, end] = this.selection;
    if (start === end && start === 0) return;
    const from = start === end ? start - 1 : start;
    const value = this.value.slice(0, from) + this.value.slice(end);
    this.apply(inputInBox(this.digits, this.focus, value, null));
  }

  get number(): string {
    return this.digits.join('');
  }
}

const digitChar = fc.constantFrom(...'0123456789');
const keyboard = fc.constantFrom<Keyboard>('hardware', 'virtual');
const caret = fc.constantFrom<Caret>('all', 'start', 'end');
const box = fc.integer({ min: 0, max: 8 });
/** A Cameroon mobile number's 9 national digits (they start with 6). */
const nationalNumber = fc.stringMatching(/^6\d{8}$/);

/** The ways people write a number they paste. */
const FORMATS: readonly ((n: string) => string)[] = [
  (n) => n,
  (n) => `237${n}`,
  (n) => `00237${n}`,
  (n) => `+237${n}`,
  (n) => `+237 ${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7)}`,
  (n) => `00237 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
  (n) => `237-${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`,
  (n) => `${n.slice(0, 3)}-${n.slice(3, 5)}-${n.slice(5, 7)}-${n.slice(7)}`,
  (n) => `(${n.slice(0, 3)}) ${n.slice(3, 6)} ${n.slice(6)}`,
  (n) => `(+237) ${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6)}`,
  (n) => `+237 ${n.charAt(0)} ${n.slice(1, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7)}`,
  (n) => `  ${n}\n`,
];
const formatted = fc
  .tuple(nationalNumber, fc.integer({ min: 0, max: FORMATS.length - 1 }))
  .map(([n, format]) => ({ n, text: FORMATS[format]!(n) }));

type Action =
  | { kind: 'tap'; box: number; caret: Caret }
  | { kind: 'key'; key: string; keyboard: Keyboard }
  | { kind: 'paste'; text: string };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('tap' as const), box, caret }),
  fc.record({
    kind: fc.constant('key' as const),
    key: fc.oneof(
      { weight: 6, arbitrary: digitChar },
      {
        weight: 3,
        arbitrary: fc.constantFrom('Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'Tab'),
      },
      { weight: 1, arbitrary: fc.constantFrom('a', ' ', '-', '+', '.') },
    ),
    keyboard,
  }),
  fc.record({
    kind: fc.constant('paste' as const),
    text: fc.oneof(
      formatted.map((f) => f.text),
      fc.string({ maxLength: 20 }),
    ),
  }),
);

function run(browser: SimulatedBrowser, actions: readonly Action[]): void {
  for (const a of actions) {
    if (a.kind === 'tap') browser.tap(a.box, a.caret);
    else if (a.kind === 'key') browser.press(a.key, a.keyboard);
    else browser.paste(a.text);
  }
}

/** Any state the boxes can reach: a random history of taps, keys and pastes. */
const history = fc.array(action, { maxLength: 40 });

describe('phone digit boxes', () => {
  it('replaces a box with the digit typed and advances, even when it is the same digit', () => {
    const first = enterDigits(EMPTY_PHONE_DIGITS, 0, '6');
    expect(first).toEqual({ digits: digitsOf('6'), focus: 1 });
    const same = enterDigits(digitsOf('670123456'), 0, '6');
    expect(same).toEqual({ digits: digitsOf('670123456'), focus: 1 });
    expect(keyInBox(digitsOf('670123456'), 0, '6')).toEqual(same);
    // Without the text inserted, the last digit of the box's value is the one typed.
    expect(inputInBox(first.digits, 0, '67', null).digits[0]).toBe('7');
    expect(enterDigits(digitsOf('67012345'), 8, '5').focus).toBe(8);
  });

  it('ignores non-digits', () => {
    expect(enterDigits(EMPTY_PHONE_DIGITS, 3, 'a')).toEqual({
      digits: EMPTY_PHONE_DIGITS,
      focus: 3,
    });
    expect(keyInBox(EMPTY_PHONE_DIGITS, 3, 'a')).toBeNull();
  });

  it('fills a gap before an empty box first, so the number stays in one piece', () => {
    expect(enterDigits(digitsOf('67'), 6, '0')).toEqual({ digits: digitsOf('670'), focus: 3 });
  });

  it('Backspace removes the digit at the cursor, or the one before an empty box', () => {
    const filled = digitsOf('67000');
    expect(backspaceInBox(filled, 4)).toEqual({ digits: digitsOf('6700'), focus: 4 });
    // On the empty box after the last digit, the last digit goes and the cursor moves onto it.
    expect(backspaceInBox(filled, 5)).toEqual({ digits: digitsOf('6700'), focus: 4 });
    expect(backspaceInBox(EMPTY_PHONE_DIGITS, 0).focus).toBe(0);
    // A virtual keyboard's Backspace arrives as an emptied box.
    expect(inputInBox(filled, 4, '', null)).toEqual(backspaceInBox(filled, 4));
  });

  it('pastes the national digits: without 237 or 00237, at most 9', () => {
    expect(pasteIntoBoxes('+237 670-000-001').digits.join('')).toBe('670000001');
    expect(pasteIntoBoxes('00237670123456').digits.join('')).toBe('670123456');
    expect(pasteIntoBoxes('670 00 00 01 99').digits.join('')).toBe('670000001');
    const partial = pasteIntoBoxes('6 70');
    expect(partial.digits.join('')).toBe('670');
    expect(partial.focus).toBe(3);
    expect(pasteIntoBoxes('237670000001').focus).toBe(8);
    // A whole number arriving as typed text (autofill, a keyboard suggestion) is a paste.
    expect(enterDigits(digitsOf('6'), 4, '+237 690 00 00 02').digits.join('')).toBe('690000002');
  });

  it('sends 237 plus the 9 digits once complete', () => {
    expect(isPhoneComplete(digitsOf('67000000'))).toBe(false);
    const full = digitsOf('670000001');
    expect(isPhoneComplete(full)).toBe(true);
    expect(internationalPhone(full)).toBe('237670000001');
  });
});

describe('phone digit boxes in a simulated browser (properties)', () => {
  it('a number typed from box 1 over anything is exactly that number', () => {
    fc.assert(
      fc.property(
        history,
        caret,
        nationalNumber,
        fc.array(keyboard, { minLength: 1, maxLength: 9 }),
        (before, tapCaret, n, keyboards) => {
          const browser = new SimulatedBrowser();
          run(browser, before);
          browser.tap(0, tapCaret);
          browser.type(n, keyboards);
          expect(browser.number).toBe(n);
          expect(browser.focus).toBe(8);
        },
      ),
    );
  });

  it('the retyping of the report: 670123457 over 670123456', () => {
    for (const keyboards of [['hardware'], ['virtual']] as const) {
      const browser = new SimulatedBrowser();
      browser.type('670123456', keyboards);
      browser.tap(0);
      browser.type('670123457', keyboards);
      expect(browser.number).toBe('670123457');
    }
  });

  it('a pasted number in any common format fills the boxes with its 9 digits', () => {
    fc.assert(
      fc.property(history, box, formatted, (before, target, { n, text }) => {
        const browser = new SimulatedBrowser();
        run(browser, before);
        browser.tap(target);
        browser.paste(text);
        expect(browser.number).toBe(n);
      }),
    );
  });

  it('digits and Backspace from the cursor behave like a text field', () => {
    const step = fc.oneof(
      fc.record({ key: digitChar, keyboard }),
      // A virtual keyboard's Backspace on an empty box reaches no event at all, so the keyboard
      // here is a hardware one; the other properties cover virtual Backspace.
      fc.record({ key: fc.constant('Backspace'), keyboard: fc.constant<Keyboard>('hardware') }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const browser = new SimulatedBrowser();
        let text = '';
        for (const { key, keyboard: kb } of steps) {
          browser.press(key, kb);
          if (key === 'Backspace') text = text.slice(0, -1);
          else text = text.length < 9 ? text + key : text.slice(0, 8) + key;
          expect(browser.number).toBe(text);
          expect(browser.focus).toBe(Math.min(text.length, 8));
        }
      }),
    );
  });

  it('typing over a full number replaces digits from the box tapped', () => {
    fc.assert(
      fc.property(
        nationalNumber,
        box,
        caret,
        fc.string({ unit: digitChar, minLength: 1, maxLength: 12 }),
        fc.array(keyboard, { minLength: 1, maxLength: 5 }),
        (n, target, tapCaret, typed, keyboards) => {
          const browser = new SimulatedBrowser();
          browser.paste(n);
          browser.tap(target, tapCaret);
          browser.type(typed, keyboards);
          const expected = [...n];
          [...typed].forEach((d, i) => (expected[Math.min(target + i, 8)] = d));
          expect(browser.number).toBe(expected.join(''));
          expect(browser.focus).toBe(Math.min(target + typed.length, 8));
        },
      ),
    );
  });

  it('whatever happens, a typed digit lands and nothing else changes', () => {
    fc.assert(
      fc.property(history, (actions) => {
        const browser = new SimulatedBrowser();
        for (const a of actions) {
          const before = [...browser.digits];
          const at = browser.focus;
          run(browser, [a]);
          expect(browser.digits).toHaveLength(9);
          for (const d of browser.digits) expect(d).toMatch(/^\d?$/);
          expect(browser.focus).toBeGreaterThanOrEqual(0);
          expect(browser.focus).toBeLessThanOrEqual(8);
          if (a.kind === 'key' && /^\d$/.test(a.key)) {
            const gap = before.indexOf('');
            const target = before[at] === '' && gap !== -1 && gap < at ? gap : at;
            const expected = [...before];
            expected[target] = a.key;
            expect(browser.digits).toEqual(expected);
            expect(browser.focus).toBe(Math.min(target + 1, 8));
          }
          if (a.kind === 'key' && /^[a-z +.-]$/.test(a.key)) {
            expect(browser.digits).toEqual(before);
            expect(browser.focus).toBe(at);
          }
        }
      }),
    );
  });
});
