import { describe, expect, it } from 'vitest';
import { demoArtists } from './demo-event.js';

/** The title without the note in brackets after it: "Sawa Lights (dir.)" is "Sawa Lights". */
const bare = (title: string) => title.replace(/ \([^)]*\)$/, '');

describe('the demo event in French', () => {
  it('keeps every song and video title as it is: a title is a proper name', () => {
    const titles = demoArtists.flatMap((artist) =>
      artist.nominations.filter((n): n is [string, string, string] => typeof n !== 'string'),
    );
    expect(titles.length).toBeGreaterThan(0);
    for (const [, english, french] of titles) expect(bare(french), english).toBe(bare(english));
  });

  it('quotes a title in a French bio as the English bio does, held to its guillemets', () => {
    for (const artist of demoArtists) {
      const quoted = [...artist.bio.matchAll(/["“]([^"”]+)["”]/g)].map((match) => match[1]!);
      for (const title of quoted)
        expect(artist.bioFr, artist.slug).toContain(`«\u00a0${title}\u00a0»`);
    }
  });
});
