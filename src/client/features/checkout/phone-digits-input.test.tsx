import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '#test/support/render-screen';
import { EMPTY_PHONE_DIGITS, type PhoneDigits } from './phone-digits';
import { PhoneDigitsInput } from './phone-digits-input';

/** The input is controlled: this keeps its digits like the mobile-money form does. */
function Harness({ onValue }: { onValue: (digits: string) => void }) {
  const [digits, setDigits] = useState<PhoneDigits>(EMPTY_PHONE_DIGITS);
  return (
    <PhoneDigitsInput
      digits={digits}
      onChange={(next) => {
        setDigits(next);
        onValue(next.join(''));
      }}
      disabled={false}
      error={null}
    />
  );
}

async function renderPhone(language: 'en' | 'fr' = 'en') {
  const emitted: string[] = [];
  const screenApi = await renderScreen(<Harness onValue={(value) => emitted.push(value)} />, {
    language,
  });
  const boxes = screen.getAllByRole('textbox');
  return { ...screenApi, boxes, emitted, last: () => emitted.at(-1) ?? '' };
}

const shown = (boxes: HTMLElement[]) =>
  boxes.map((box) => (box as HTMLInputElement).value).join('');

describe('PhoneDigitsInput', () => {
  it('shows nine labelled boxes under the phone label, in English and French', async () => {
    const { boxes, unmount } = await renderPhone();
    expect(boxes).toHaveLength(9);
    expect(screen.getByRole('group', { name: 'Mobile money number' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 9' })).toBe(boxes[0]);
    unmount();
    await renderPhone('fr');
    expect(screen.getByRole('group', { name: 'Numéro Mobile Money' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Chiffre 9 sur 9' })).toBeTruthy();
  });

  it('typing fills the boxes one after another and emits the digits', async () => {
    const { user, boxes, last } = await renderPhone();
    await user.click(boxes[0]!);
    await user.keyboard('670123456');
    expect(shown(boxes)).toBe('670123456');
    expect(last()).toBe('670123456');
    expect(document.activeElement).toBe(boxes[8]);
  });

  it('typing over box 1 with the digit it already holds still moves on', async () => {
    const { user, boxes, last } = await renderPhone();
    await user.click(boxes[0]!);
    await user.keyboard('670123456');
    await user.click(boxes[0]!);
    await user.keyboard('6');
    expect(document.activeElement).toBe(boxes[1]);
    await user.keyboard('99');
    expect(last()).toBe('699123456');
  });

  it('backspace clears the box, then steps back one box per press', async () => {
    const { user, boxes, last } = await renderPhone();
    await user.click(boxes[0]!);
    await user.keyboard('6701');
    await user.keyboard('{Backspace}');
    expect(last()).toBe('670');
    expect(document.activeElement).toBe(boxes[3]);
    await user.keyboard('{Backspace}');
    expect(last()).toBe('67');
    expect(document.activeElement).toBe(boxes[2]);
    await user.keyboard('5');
    expect(last()).toBe('675');
  });

  it.each([
    ['00237670123456', '670123456'],
    ['+237 6 70 12 34 56', '670123456'],
    ['670 12 34 56', '670123456'],
  ])('pasting %j fills every box with the national number', async (pasted, expected) => {
    const { user, boxes, last } = await renderPhone();
    // Pasted into a middle box: the number still starts in box 1.
    await user.click(boxes[4]!);
    await user.paste(pasted);
    expect(shown(boxes)).toBe(expected);
    expect(last()).toBe(expected);
  });

  it('a selected box is replaced by the digit typed', async () => {
    const { user, boxes, last } = await renderPhone();
    await user.click(boxes[0]!);
    await user.keyboard('670123456');
    // Focusing a box selects its digit (onFocus), so the next digit replaces it.
    await user.click(boxes[4]!);
    const box = boxes[4] as HTMLInputElement;
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, 1]);
    await user.keyboard('8');
    expect(last()).toBe('670183456');
    expect(document.activeElement).toBe(boxes[5]);
  });
});
