export interface EarlyTaps {
  /** Stops holding taps: from the moment React takes the page over, its own listeners answer. */
  stop: () => void;
  /** Gives the tap held before then to its button, which React now answers. */
  replay: () => void;
}

/**
 * A page the server drew shows its buttons (Share, Vote, the menu) before its code has taken them
 * over (main.tsx), which on a slow phone network takes seconds. A tap in that moment would do
 * nothing, and a button that ignores a tap is one a voter stops trusting. The tap is held here and
 * given to its button once React answers it. Only the last one: a voter who tapped three times
 * because nothing happened meant it once. Links need nothing: without the page's code they still
 * navigate, as a full page load.
 */
export function holdEarlyTaps(container: HTMLElement): EarlyTaps {
  let held: HTMLButtonElement | null = null;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.disabled || !container.contains(button)) return;
    // A submit button would otherwise post its form the old way, as a full page load.
    event.preventDefault();
    held = button;
  };
  container.addEventListener('click', hold, true);
  const stop = () => container.removeEventListener('click', hold, true);
  return {
    stop,
    replay: () => {
      stop();
      const button = held;
      held = null;
      if (button?.isConnected && !button.disabled) button.click();
    },
  };
}
