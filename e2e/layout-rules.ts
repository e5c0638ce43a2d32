/*
 * The layout rules the screen check applies at every stop, each a function run in the page:
 * nothing may push the page sideways, leave the screen, stick out of its dialog or get cut off by
 * its box, no label may overflow its button, no text its box, and every control is at least
 * 24 x 24 px (WCAG 2.5.8; links inside running text excepted).
 */

/** Runs in the page: what is wrong with the layout on screen now, in words. */
export function layoutProblems(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const screenWidth = root.clientWidth;
  if (root.scrollWidth > screenWidth) {
    problems.push(`the page scrolls sideways (${root.scrollWidth} px wide)`);
  }
  const describe = (element: Element) => {
    const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()} "${label.replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
  };
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return false;
    const style = getComputedStyle(element);
    // Clipped away: visually hidden, for screen readers (the skip link until it has focus).
    if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') return false;
    return style.visibility !== 'hidden' && Number(style.opacity) > 0;
  };
  const controls = document.querySelectorAll(
    'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], ' +
      '[role=combobox], [role=radio], [role=checkbox], [role=switch], [role=menuitem]',
  );
  for (const control of controls) {
    if (!shown(control)) continue;
    const box = control.getBoundingClientRect();
    const name = describe(control);
    let insideScroller = false;
    for (let box2 = control.parentElement; box2; box2 = box2.parentElement) {
      const overflow = getComputedStyle(box2).overflowX;
      if (overflow === 'visible') continue;
      if (overflow === 'auto' || overflow === 'scroll') {
        if (box2.scrollWidth > box2.clientWidth) insideScroller = true;
        continue;
      }
      const outer = box2.getBoundingClientRect();
      if (box.left < outer.left - 1 || box.right > outer.right + 1) {
        problems.push(`${name} is cut off by the box around it`);
        break;
      }
    }
    if (!insideScroller && (box.left < -1 || box.right > screenWidth + 1)) {
      problems.push(
        `${name} leaves the screen (${Math.round(box.left)} to ${Math.round(box.right)} px)`,
      );
    }
    const dialog = control.closest('[role=dialog], [role=alertdialog]');
    const frame = dialog?.getBoundingClientRect();
    if (frame && (box.left < frame.left - 1 || box.right > frame.right + 1)) {
      problems.push(`${name} sticks out of its dialog`);
    }
    const display = getComputedStyle(control).display;
    const isField = ['INPUT', 'SELECT', 'TEXTAREA'].includes(control.tagName);
    if (display !== 'inline' && !isField && control.scrollWidth > control.clientWidth + 1) {
      problems.push(`${name}: its label is wider than the control`);
    }
    if (display !== 'inline' && (box.width < 23.5 || box.height < 23.5)) {
      problems.push(
        `${name} is ${Math.round(box.width)} x ${Math.round(box.height)} px (under 24 x 24)`,
      );
    }
  }
  for (const element of document.querySelectorAll('body *')) {
    const ownText = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    );
    if (!ownText || !shown(element)) continue;
    const style = getComputedStyle(element);
    if (style.display === 'inline' || style.overflowX !== 'visible') continue;
    if (element.scrollWidth > element.clientWidth + 1) {
      problems.push(
        `${describe(element)}: text runs out of its box (${element.scrollWidth} > ${element.clientWidth} px)`,
      );
    }
  }
  return [...new Set(problems)];
}

/**
 * Runs in the page: where a centred dialog starts its entrance, if that is off the screen. Sheets
 * slide in from the edge on purpose and are left out.
 */
export async function openingFrameProblem(): Promise<string | null> {
  const dialog = document.querySelector('[role=dialog], [role=alertdialog]');
  if (!dialog) return 'no dialog is open';
  const entrance = dialog
    .getAnimations()
    .filter(
      (animation) => animation instanceof CSSAnimation && animation.animationName === 'dialog-in',
    );
  if (entrance.length === 0) return null;
  for (const animation of entrance) {
    animation.pause();
    animation.currentTime = 0;
  }
  const box = dialog.getBoundingClientRect();
  for (const animation of entrance) animation.finish();
  const width = document.documentElement.clientWidth;
  return box.left < -1 || box.right > width + 1
    ? `the dialog opens from off the screen (${Math.round(box.left)} to ${Math.round(box.right)} px)`
    : null;
}
