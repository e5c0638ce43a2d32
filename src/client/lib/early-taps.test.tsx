import { afterEach, expect, it, vi } from 'vitest';
import { holdEarlyTaps } from './early-taps';

afterEach(() => {
  document.body.innerHTML = '';
});

function drawn(markup: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  return document.getElementById('root')!;
}

it('gives the last tap on a button to that button once the page answers, and no other', () => {
  const root = drawn('<button id="a">A</button><button id="b">B</button><a href="#x">link</a>');
  const taps = holdEarlyTaps(root);
  root.querySelector<HTMLElement>('#a')!.click();
  root.querySelector<HTMLElement>('a')!.click();
  root.querySelector<HTMLElement>('#b')!.click();
  root.querySelector<HTMLElement>('#b')!.click();
  const answered = vi.fn((event: Event) => (event.currentTarget as HTMLElement).id);
  for (const button of root.querySelectorAll('button')) button.addEventListener('click', answered);
  taps.replay();
  expect(answered.mock.results.map((result) => result.value as string)).toEqual(['b']);
  taps.replay();
  expect(answered).toHaveBeenCalledOnce();
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
])('holds no tap on %s', (_case, before, after) => {
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
  expect(answered).not.toHaveBeenCalled();
});

it('holds no tap once it stopped: React answers those itself', () => {
  const root = drawn('<button>Vote</button>');
  const button = root.querySelector('button')!;
  const taps = holdEarlyTaps(root);
  taps.stop();
  button.click();
  const answered = vi.fn();
  button.addEventListener('click', answered);
  taps.replay();
  expect(answered).not.toHaveBeenCalled();
});
