/** Page coordinates (pixels from the top of the document) of what a shared link must show. */
export interface SharedScrollLayout {
  /** The current scroll position. */
  scrollY: number;
  viewportHeight: number;
  /** Height of the sticky header, which covers the top of the window. */
  headerHeight: number;
  /** Top of the category's name (the page's h1). */
  titleTop: number;
  /** Bottom of the shared nominee's card. */
  cardBottom: number;
}

/** Breathing room between what must show and the edges of the free part of the window. */
const MARGIN_PX = 12;

/**
 * Where to scroll a shared link so the nominee shows as much as it can while the category's name,
 * and the Shared Nomination banner below it, stay in sight under the sticky header. Never scrolls
 * back up: a page already showing the card is left where it is.
 */
export function sharedNomineeScrollTop(layout: SharedScrollLayout): number {
  const showsWholeCard = layout.cardBottom + MARGIN_PX - layout.viewportHeight;
  const keepsTitle = layout.titleTop - layout.headerHeight - MARGIN_PX;
  return Math.max(layout.scrollY, Math.min(showsWholeCard, keepsTitle));
}
