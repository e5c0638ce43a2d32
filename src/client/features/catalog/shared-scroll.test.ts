import { describe, expect, it } from 'vitest';
import { sharedNomineeScrollTop } from './shared-scroll';

// A 390 x 844 phone with its 64 px sticky header.
const phone = { scrollY: 0, viewportHeight: 844, headerHeight: 64 };

describe('sharedNomineeScrollTop', () => {
  it('scrolls no further than keeps the category name under the header', () => {
    // The card ends far below the fold: the name stops the scroll, just below the header.
    const top = sharedNomineeScrollTop({ ...phone, titleTop: 177, cardBottom: 1067 });
    expect(top).toBe(177 - 64 - 12);
  });

  it('scrolls only as far as needed to show the whole card when it fits with the name', () => {
    const top = sharedNomineeScrollTop({ ...phone, titleTop: 400, cardBottom: 900 });
    expect(top).toBe(900 + 12 - 844);
  });

  it('stays put when the card is already in view, and never scrolls back up', () => {
    expect(sharedNomineeScrollTop({ ...phone, titleTop: 177, cardBottom: 700 })).toBe(0);
    expect(
      sharedNomineeScrollTop({ ...phone, scrollY: 500, titleTop: 177, cardBottom: 1067 }),
    ).toBe(500);
  });
});
