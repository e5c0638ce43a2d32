import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  createTourData,
  settle,
  text,
  tourEveryScreen,
  type Language,
  type Stop,
} from './screen-tour.js';

/*
 * axe-core on every screen and dialog, in English and French: no serious or critical violation.
 * Each stop is audited on a 390 px phone; screens (not dialogs) also on a 1280 px laptop, where
 * their headers and layouts differ. One page per language: this audits every width itself, so it
 * runs in the laptop project only (playwright.config.ts).
 */

const BLOCKING = new Set(['serious', 'critical']);

for (const language of ['en', 'fr'] as const satisfies readonly Language[]) {
  test(`no serious or critical accessibility violation anywhere (${language})`, async ({
    page,
    db,
    allowConsole,
    eventServerTurn,
  }) => {
    // Two audits at most stops, and three sandbox payments waited for: long on a busy machine.
    test.setTimeout(1_200_000);
    const data = await createTourData(db);
    const violations: string[] = [];
    const audit = async (stop: Stop) => {
      const widths = stop.phoneOnly || stop.dialog ? [390] : [390, 1280];
      for (const width of widths) {
        await page.setViewportSize({ width, height: width < 1024 ? 844 : 800 });
        // Contrast is judged on what stays on screen, not mid-transition after the resize.
        await settle(page);
        const results = await new AxeBuilder({ page }).analyze();
        for (const violation of results.violations) {
          if (!BLOCKING.has(violation.impact ?? '')) continue;
          const where = violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(' '))
            .join(' | ');
          violations.push(
            `${stop.name}, ${width} px: ${violation.id} (${violation.impact}) ${violation.help}: ${where}`,
          );
        }
      }
    };
    await tourEveryScreen(page, db, allowConsole, language, data, eventServerTurn, audit);
    expect(violations).toEqual([]);
  });
}

test('edges people must see reach 3:1: field borders, and the focus ring on light and dark', async ({
  page,
}) => {
  await page.goto('/my-receipts');
  const email = page.getByLabel(text('en', 'receipts:form.emailLabel'));
  const search = page.getByRole('button', {
    name: text('en', 'receipts:form.search'),
    exact: true,
  });
  /** Runs in the page: the contrasts of an element's border and outline with what surrounds them. */
  const edgesOf = (control: Locator) =>
    control.evaluate((element) => {
      const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = (colour: string) => {
        const [r = 0, g = 0, b = 0] = channels(colour).map((c) => {
          const v = c / 255;
          return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const contrast = (a: string, b: string) => {
        const [light = 0, dark = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (light + 0.05) / (dark + 0.05);
      };
      const opaque = (colour: string) => channels(colour).length === 3;
      let surface = 'rgb(255, 255, 255)';
      for (let around = element.parentElement; around; around = around.parentElement) {
        const background = getComputedStyle(around).backgroundColor;
        if (opaque(background)) {
          surface = background;
          break;
        }
      }
      const style = getComputedStyle(element);
      return {
        border: contrast(style.borderTopColor, surface),
        outline: style.outlineStyle,
        ringOnSurface: contrast(style.outlineColor, surface),
        ringOnControl: contrast(style.outlineColor, style.backgroundColor),
      };
    });

  // A field's border at rest, then its focus ring.
  expect((await edgesOf(email)).border).toBeGreaterThanOrEqual(3);
  await email.focus();
  await settle(page);
  const field = await edgesOf(email);
  expect(field.outline).toBe('solid');
  expect(field.ringOnSurface).toBeGreaterThanOrEqual(3);

  // The dark primary button, reached with the keyboard: its ring against it and against the card.
  for (let presses = 0; presses < 6; presses++) {
    if (await search.evaluate((button) => button === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(search).toBeFocused();
  // The ring's colour fades in (transition-colors): measured once it has arrived.
  await settle(page);
  const button = await edgesOf(search);
  expect(button.outline).toBe('solid');
  expect(button.ringOnSurface).toBeGreaterThanOrEqual(3);
  expect(button.ringOnControl).toBeGreaterThanOrEqual(3);
});
