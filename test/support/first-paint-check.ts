import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Language } from '#shared/limits';
import { call } from './call-app';
import { createTestApp, type TestApp } from './test-app';

/*
 * For the screens the server draws before their script runs (ADR 0063): the app's page as a phone
 * gets it, and a check that the client's first render of the screen is those same elements, so
 * hydrating them changes nothing the phone has painted.
 */

/** A test app serving its page from a built client holding only the page itself. */
export async function createAppServingPages(): Promise<TestApp> {
  const clientDir = await mkdtemp(path.join(tmpdir(), 'palmares-page-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
  );
  try {
    return await createTestApp('pglite', {}, { clientDir });
  } finally {
    await rm(clientDir, { recursive: true, force: true });
  }
}

/** The page's root as the server drew it at `url` for a visitor who chose `language`. */
export async function drawnRoot(app: TestApp, url: string, language: Language) {
  const page = await call<string>(app.app, {
    url,
    headers: { cookie: `palmares.language=${language}` },
  });
  const root = document.createElement('div');
  root.innerHTML = /<div id="root">(.*)<\/div><\/body>/s.exec(page.body)?.[1] ?? '';
  return root;
}

/**
 * An element as the phone lays it out: its name, attributes (the style as parsed) and children.
 * An icon is its frame: the server leaves the strokes, and lucide's class names, to the client.
 */
function shapeOf(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const attributes = Object.fromEntries(
    [...node.attributes]
      .filter((a) => a.name !== 'style')
      .map((a) => [
        a.name,
        a.name === 'class' && node.localName === 'svg'
          ? a.value
              .split(' ')
              .filter((c) => !c.startsWith('lucide'))
              .join(' ')
          : a.value,
      ]),
  );
  const style = node instanceof HTMLElement ? node.style.cssText : '';
  const children = node.localName === 'svg' ? [] : [...node.childNodes].map(shapeOf);
  return { name: node.localName, attributes, style, children };
}

/** The element without its children: the server leaves the header's contents to the client. */
const frameOf = (element: Element | null | undefined) =>
  element ? { ...(shapeOf(element) as object), children: undefined } : null;

/**
 * The client's page (`rendered`, its layout's outer element) against the server's `drawn` root:
 * the same frame, header bar and main landmark, and under it the same hero, element for element,
 * once the client has everything it shows (waited for).
 */
export async function expectSameFirstPaint(rendered: Element | null, drawn: HTMLElement) {
  expect(frameOf(rendered)).toEqual(frameOf(drawn.firstElementChild));
  for (const part of [':scope > header', ':scope > header > div', ':scope > main']) {
    expect(frameOf(rendered?.querySelector(part)), part).toEqual(
      frameOf(drawn.firstElementChild?.querySelector(part)),
    );
  }
  // Only the hero under the main landmark, in both.
  expect(drawn.querySelector('main')?.children).toHaveLength(1);
  await waitFor(() =>
    expect(shapeOf(rendered!.querySelector('main > section')!)).toEqual(
      shapeOf(drawn.querySelector('main > section')!),
    ),
  );
}
