/**
 * Writes the sprite of the categories' icons (src/client/assets/category-icons.svg, committed):
 * `npx tsx scripts/make-category-icons.ts` after adding an icon to lib/category-icon.ts or
 * updating lucide-react. Each symbol is the outline lucide-react itself draws for that icon;
 * the stroke and size come from the <svg> that uses it (components/category-icon.tsx). A test
 * fails while the committed sprite differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { icons } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CATEGORY_ICONS, type CategoryIconName } from '#client/lib/category-icon.js';

export const SPRITE_FILE = path.resolve('src/client/assets/category-icons.svg');

/** The outline inside lucide-react's <svg> for `name`. */
function outline(name: CategoryIconName): string {
  const markup = renderToStaticMarkup(createElement(icons[name]));
  const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
  if (!inner) throw new Error(`lucide-react drew ${name} as something other than one <svg>`);
  return inner;
}

export function categoryIconSprite(): string {
  const names = [...new Set<CategoryIconName>(Object.values(CATEGORY_ICONS))].sort();
  const symbols = names.map(
    (name) => `  <symbol id="${name}" viewBox="0 0 24 24">${outline(name)}</symbol>\n`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('')}</svg>\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(SPRITE_FILE, categoryIconSprite());
  console.log(`Wrote ${path.relative(process.cwd(), SPRITE_FILE)}`);
}
