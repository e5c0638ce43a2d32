import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { layoutProblems, openingFrameProblem } from './layout-rules.js';
import {
  atWidths,
  createTourData,
  preparePage,
  settle,
  startTour,
  text,
  TOUR_PARTS,
  type Language,
  type Stop,
} from './screen-tour.js';

/*
 * Every screen and dialog, in English and French, in the tour's parts (a test each, so none runs
 * for minutes) with two checks at each stop:
 * - the layout rules (layout-rules.ts) at 320, 360, 390 and 1280 px (phone widths only for what
 *   exists only on phones), and a centred dialog's entrance from on the screen;
 * - axe-core, with no serious or critical violation, on a 390 px phone, and for screens (not
 *   dialogs) also on a 1280 px laptop, where their headers and layouts differ.
 * The tour resizes its one page at each stop, so it runs in the laptop project only. axe runs in
 * its legacy mode: the same rules, run in the page itself, without the blank page its default
 * opens for every audit to gather results from cross-origin frames, which these screens have none
 * of (the sandbox's card form is part of the page).
 */

const WIDTHS = [320, 360, 390, 1280];
const AUDITED = new Set([390, 1280]);
const BLOCKING = new Set(['serious', 'critical']);

for (const language of ['en', 'fr'] as const satisfies readonly Language[]) {
  for (const part of TOUR_PARTS) {
    test(`${part.name}: every screen and dialog fits from 320 to 1280 px and passes axe (${language})`, async ({
      page,
      db,
      allowConsole,
      eventServerTurn,
      signIn,
    }) => {
      // Six to nine stops, each at four widths with up to two audits: well under a minute on two
      // cores; the margin is for a one-core or busy machine.
      test.setTimeout(180_000);
      const data = await createTourData(db);
      const problems: string[] = [];
      const violations: string[] = [];
      const check = async (stop: Stop) => {
        if (stop.dialog) {
          const opening = await page.evaluate(openingFrameProblem);
          if (opening) problems.push(`${stop.name}: ${opening}`);
        }
        await atWidths(page, stop, WIDTHS, async (width) => {
          for (const problem of await page.evaluate(layoutProblems)) {
            problems.push(`${stop.name}, ${width} px: ${problem}`);
          }
          if (!AUDITED.has(width) || ((stop.phoneOnly || stop.dialog) && width !== 390)) return;
          const results = await new AxeBuilder({ page })
            .setLegacyMode()
            // Off by default in axe; a voice-control user says what a control shows, so it is on.
            .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
            .analyze();
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
        });
      };
      await preparePage(page, language);
      if (part.signedIn) await signIn('admin');
      await part.run(startTour(page, db, allowConsole, language, data, eventServerTurn, check));
      expect(problems, 'layout').toEqual([]);
      expect(violations, 'accessibility').toEqual([]);
    });
  }
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
