import { afterEach, expect, it, vi } from 'vitest';
import { holdEarlyTaps } from './early-taps';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The held tap is given on the task after the replay, once React has drawn what was typed. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function drawn(markup: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  return document.getElementById('root')!;
}

it('gives the taps on buttons to them once the page answers, in order, one a task, a repeated tap once', async () => {
  const root = drawn('<button id="a">A</button><button id="b">B</button><a href="#x">link</a>');
  const taps = holdEarlyTaps(root);
  root.querySelector<HTMLElement>('#a')!.click();
  root.querySelector<HTMLElement>('a')!.click();
  root.querySelector<HTMLElement>('#b')!.click();
  root.querySelector<HTMLElement>('#b')!.click();
  const answered = vi.fn((event: Event) => (event.currentTarget as HTMLElement).id);
  for (const button of root.querySelectorAll('button')) button.addEventListener('click', answered);
  taps.replay();
  const tapped = () => answered.mock.results.map((result) => result.value as string);
  await nextTask();
  // A number chosen, then Pay: each is answered before the next is given.
  expect(tapped()).toEqual(['a']);
  await nextTask();
  expect(tapped()).toEqual(['a', 'b']);
  taps.replay();
  await nextTask();
  await nextTask();
  expect(tapped()).toEqual(['a', 'b']);
});

it('keeps a tap on a submit button from posting its form the old way', () => {
  const root = drawn('<form><button type="submit">Pay</button></form>');
  const submitted = vi.fn((event: Event) => event.preventDefault());
  root.querySelector('form')!.addEventListener('submit', submitted);
  holdEarlyTaps(root);
  root.querySelector('button')!.click();
  expect(submitted).not.toHaveBeenCalled();
});

it.each([
  ['a disabled button', (button: HTMLButtonElement) => (button.disabled = true), () => undefined],
  ['a button gone before the page answers', () => undefined, (b: HTMLButtonElement) => b.remove()],
])('holds no tap on %s', async (_case, before, after) => {
  const root = drawn('<button>Vote</button>');
  const button = root.querySelector('button')!;
  before(button);
  const taps = holdEarlyTaps(root);
  button.click();
  after(button);
  button.disabled = false;
  const answered = vi.fn();
  button.addEventListener('click', answered);
  taps.replay();
  await nextTask();
  expect(answered).not.toHaveBeenCalled();
});

it('answers no tap itself once it has replayed: React answers those', async () => {
  const root = drawn('<button>Vote</button>');
  const button = root.querySelector('button')!;
  const taps = holdEarlyTaps(root);
  taps.replay();
  const answered = vi.fn();
  button.addEventListener('click', answered);
  button.click();
  expect(answered).toHaveBeenCalledOnce();
  taps.replay();
  await nextTask();
  expect(answered).toHaveBeenCalledOnce();
});

it('keeps a held tap from React, listening on the page from when it starts taking it over', () => {
  const root = drawn('<button>Vote</button>');
  holdEarlyTaps(root);
  const react = vi.fn();
  root.addEventListener('click', react, true);
  root.addEventListener('click', react);
  root.querySelector('button')!.click();
  expect(react).not.toHaveBeenCalled();
});

it('announces what was typed before the page answered, even before it held taps, then the tap', async () => {
  const root = drawn(
    '<form><input id="email" value=""><input id="phone" value="">' +
      '<textarea id="note"></textarea><button>Search</button></form>',
  );
  const [email, phone] = root.querySelectorAll('input');
  const note = root.querySelector('textarea')!;
  phone!.value = '+237 695 544 447';
  const taps = holdEarlyTaps(root);
  note.value = 'for Aya';
  root.querySelector('button')!.click();
  const seen: string[] = [];
  for (const field of [email!, phone!, note]) {
    field.addEventListener('input', () => seen.push(`typed ${field.value}`));
  }
  root.querySelector('button')!.addEventListener('click', (event) => {
    event.preventDefault();
    seen.push('tapped');
  });
  taps.replay();
  expect(seen).toEqual(['typed +237 695 544 447', 'typed for Aya']);
  await nextTask();
  expect(seen.at(-1)).toBe('tapped');
});

it('announces the choice made before the page answered, as a tap on it', () => {
  const root = drawn(
    '<input type="radio" name="m" value="momo" checked><input type="radio" name="m" value="card">',
  );
  const [momo, card] = root.querySelectorAll('input');
  const taps = holdEarlyTaps(root);
  card!.click();
  const chosen: string[] = [];
  root.addEventListener('click', (event) => chosen.push((event.target as HTMLInputElement).value));
  taps.replay();
  expect(chosen).toEqual(['card']);
  expect(card!.checked).toBe(true);
  expect(momo!.checked).toBe(false);
});
