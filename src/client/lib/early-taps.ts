export interface EarlyTaps {
  /** Stops holding taps: from the moment React takes the page over, its own listeners answer. */
  stop: () => void;
  /**
   * Gives React what the voter did before it took the page over: the fields they typed in, then
   * (on the next task, once React has drawn what they typed) the held tap to its button.
   */
  replay: () => void;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Tells React about what a field holds: React only hears a change when the value differs from the
 * last one it saw, and it first saw this field with what the voter had already typed. So the field
 * goes back to what the server drew through React's own view of it, to what was typed past it,
 * and the change is announced as typing announces it.
 */
function announceTyped(field: Field): void {
  const typed = field.value;
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A page the server drew shows its buttons (Share, Vote, the menu) and fields (My Receipts' e-mail
 * and phone) before its code has taken them over (main.tsx), which on a slow phone network takes
 * seconds. A tap in that moment would do nothing, and what was typed would be unknown to the page,
 * and a button that ignores a tap is one a voter stops trusting. The tap is held here and given
 * to its button once React answers it, after what was typed. Only the last tap: a voter who tapped
 * three times because nothing happened meant it once. Links need nothing: without the page's code
 * they still navigate, as a full page load.
 */
export function holdEarlyTaps(container: HTMLElement): EarlyTaps {
  let held: HTMLButtonElement | null = null;
  const typedIn = new Set<Field>();
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.disabled || !container.contains(button)) return;
    // A submit button would otherwise post its form the old way, as a full page load.
    event.preventDefault();
    held = button;
  };
  const note = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      typedIn.add(field);
    }
  };
  container.addEventListener('click', hold, true);
  container.addEventListener('input', note, true);
  const stop = () => {
    container.removeEventListener('click', hold, true);
    container.removeEventListener('input', note, true);
  };
  return {
    stop,
    replay: () => {
      stop();
      for (const field of typedIn) if (field.isConnected) announceTyped(field);
      typedIn.clear();
      const button = held;
      held = null;
      if (!button) return;
      window.setTimeout(() => {
        if (button.isConnected && !button.disabled) button.click();
      }, 0);
    },
  };
}
