import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { VOTES_PER_CATEGORY } from '#shared/limits';
import { renderScreen } from '#test/support/render-screen';
import { VoteStepper } from './vote-stepper';

const CATEGORY = 'Best Newcomer';

/** Controlled like the vote panel: the stepper shows whatever value the page holds. */
function Harness({ initial, onValue }: { initial: number; onValue: (value: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <VoteStepper
      categoryName={CATEGORY}
      title=""
      value={value}
      disabled={false}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

async function renderStepper(initial: number = VOTES_PER_CATEGORY.default, language?: 'fr') {
  const emitted: number[] = [];
  const rendered = await renderScreen(
    <Harness initial={initial} onValue={(value) => emitted.push(value)} />,
    language ? { language } : {},
  );
  return { ...rendered, emitted };
}

const field = () => screen.getByRole('textbox', { name: `Votes in ${CATEGORY}` });
const plus = () => screen.getByRole('button', { name: `Add a vote in ${CATEGORY}` });
const minus = () => screen.getByRole('button', { name: `Remove a vote in ${CATEGORY}` });

describe('VoteStepper', () => {
  it('plus and minus change the count by one', async () => {
    const { user, emitted } = await renderStepper(2);
    await user.click(plus());
    await user.click(plus());
    expect(field()).toHaveProperty('value', '4');
    await user.click(minus());
    expect(field()).toHaveProperty('value', '3');
    expect(emitted).toEqual([3, 4, 3]);
  });

  it('minus is disabled at the minimum and plus at the maximum', async () => {
    const { user, unmount } = await renderStepper(VOTES_PER_CATEGORY.min + 1);
    await user.click(minus());
    expect(field()).toHaveProperty('value', String(VOTES_PER_CATEGORY.min));
    expect(minus()).toHaveProperty('disabled', true);
    unmount();

    const top = await renderStepper(VOTES_PER_CATEGORY.max - 1);
    await top.user.click(plus());
    expect(field()).toHaveProperty('value', String(VOTES_PER_CATEGORY.max));
    expect(plus()).toHaveProperty('disabled', true);
  });

  it('a typed number replaces the count; one above the maximum reads as the maximum', async () => {
    const { user, emitted } = await renderStepper(2);
    // Focusing selects the number, so typing replaces it.
    await user.click(field());
    await user.keyboard('15');
    expect(field()).toHaveProperty('value', '15');
    expect(emitted.at(-1)).toBe(15);
    await user.keyboard('0');
    expect(field()).toHaveProperty('value', String(VOTES_PER_CATEGORY.max));
    expect(emitted.at(-1)).toBe(VOTES_PER_CATEGORY.max);
  });

  it('letters are ignored and an emptied field becomes the minimum on leaving it', async () => {
    const { user, emitted } = await renderStepper(7);
    await user.click(field());
    await user.keyboard('abc');
    expect(emitted).toEqual([]);
    await user.keyboard('{Backspace}');
    expect(field()).toHaveProperty('value', '');
    await user.tab();
    expect(field()).toHaveProperty('value', String(VOTES_PER_CATEGORY.min));
    expect(emitted.at(-1)).toBe(VOTES_PER_CATEGORY.min);
  });

  it('works from the keyboard: Tab to plus, Enter and Space add votes', async () => {
    const { user } = await renderStepper(2);
    await user.click(field());
    await user.tab();
    expect(document.activeElement).toBe(plus());
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(field()).toHaveProperty('value', '4');
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(minus());
    await user.keyboard('{Enter}');
    expect(field()).toHaveProperty('value', '3');
  });

  it('is labelled in French', async () => {
    await renderStepper(2, 'fr');
    expect(screen.getByRole('textbox', { name: `Votes dans ${CATEGORY}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Ajouter un vote dans ${CATEGORY}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Retirer un vote dans ${CATEGORY}` })).toBeTruthy();
  });
});
