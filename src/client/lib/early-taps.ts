export interface EarlyTaps {
  /**
   * Gives React what the voter did before it took the page over: what they typed or chose in its
   * fields, then (on the next task, once React has drawn that) the held taps to their buttons,
   * one a task. From then on React answers taps itself.
   */
  replay: () => void;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * What the voter changed in a field before React took it over. React took the field over as it
 * found it, and from then on only hears a change that differs from what it found, so a value
 * typed before would never reach the page. For a controlled field React keeps `defaultValue`
 * (and `defaultChecked`) on what it holds, so a difference is what it has not been told.
 */
function changedBeforeTakeover(field: Field): boolean {
  if (field.disabled) return false;
  if (isCheckable(field)) return field.checked && !field.defaultChecked;
  return field.type !== 'file' && field.value !== field.defaultValue;
}

/**
 * Tells React about a field's change as the voter's own gesture would: the field goes back to what
 * React holds through React's own view of it (the setter it watches), then to what the voter chose
 * past it, and the change is announced with the event React listens to for that kind of field. For
 * text, that is the whole of it put in place of what React held, as a keyboard's suggestion is.
 */
function announceChange(field: Field): void {
  if (isCheckable(field)) {
    field.checked = false;
    field.click();
    return;
  }
  const typed = field.value;
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(
    typed === ''
      ? new InputEvent('input', { bubbles: true, inputType: 'deleteContent' })
      : new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText', data: typed }),
  );
}

/**
 * A page the server drew shows its buttons (Share, Vote, the menu) and fields (My Receipts' e-mail
 * and phone, the checkout's number) before its code has taken them over (main.tsx), which on a
 * slow phone network takes seconds. A tap in that moment would do nothing, and what was typed
 * would be unknown to the page, and a button that ignores a tap is one a voter stops trusting.
 *
 * Taps on buttons are held here until `replay()`, which runs once React has taken over the page's
 * own part (ReplayEarlyTaps): React would otherwise take the tapped part over on the spot and
 * answer the tap before it had been told what was typed. They are given in order, one a task, so
 * each is answered with what the one before did (a number chosen, then Pay); taps repeated on one
 * button count once: a voter who tapped three times because nothing happened meant it once. Links
 * need nothing: without the page's code they still navigate, as a full page load.
 */
export function holdEarlyTaps(container: HTMLElement): EarlyTaps {
  let held: HTMLButtonElement[] = [];
  let holding = true;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.disabled || !container.contains(button)) return;
    // A submit button would otherwise post its form the old way, as a full page load; React,
    // listening on the same element once it starts taking over, must not answer it yet either.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.at(-1) !== button) held.push(button);
  };
  container.addEventListener('click', hold, true);
  return {
    replay: () => {
      if (!holding) return;
      holding = false;
      container.removeEventListener('click', hold, true);
      for (const field of container.querySelectorAll<Field>('input, textarea')) {
        if (changedBeforeTakeover(field)) announceChange(field);
      }
      const buttons = held;
      held = [];
      const tapFrom = (index: number) => {
        const button = buttons[index];
        if (!button) return;
        window.setTimeout(() => {
          if (button.isConnected && !button.disabled) button.click();
          tapFrom(index + 1);
        }, 0);
      };
      tapFrom(0);
    },
  };
}
