import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORY_ICONS, categoryIconName } from '#client/lib/category-icon.js';
import { categoryIconSprite, SPRITE_FILE } from './make-category-icons.js';

describe('the categories’ icon sprite', () => {
  it('is what lucide-react draws today: run `npx tsx scripts/make-category-icons.ts` if not', () => {
    expect(readFileSync(SPRITE_FILE, 'utf8')).toBe(categoryIconSprite());
  });

  it('has a symbol for every icon a category can name, and nothing else', () => {
    const ids = [...readFileSync(SPRITE_FILE, 'utf8').matchAll(/<symbol id="(\w+)"/g)].map(
      (match) => match[1],
    );
    expect(ids.sort()).toEqual([...new Set(Object.values(CATEGORY_ICONS))].sort());
  });
});

describe('categoryIconName', () => {
  it('reads the icon from a Font Awesome class string, past its style and size classes', () => {
    expect(categoryIconName('fa-solid fa-music')).toBe('EighthNotes');
    expect(categoryIconName('fa-solid fa-fw fa-lg fa-record-vinyl')).toBe('DiscAlbum');
    expect(categoryIconName('fa-microphone-lines')).toBe('Mic');
  });

  it('shows the trophy for no icon, an unknown one, or a name of Object’s own', () => {
    for (const icon of [null, undefined, '', 'fa-solid', 'fa-solid fa-unicorn', 'fa-constructor'])
      expect(categoryIconName(icon)).toBe('Trophy');
  });
});
