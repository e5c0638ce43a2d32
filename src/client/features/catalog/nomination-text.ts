import type { PublicNomination } from '#shared/schemas/catalog';
import type { Language } from '#shared/limits';
import { localized } from '#shared/localized';

export interface NominationText {
  /** What the card is headed with: the nomination title when there is one, else the name. */
  heading: string;
  artistName: string;
  /** The nomination's own description, else the artist's bio; null when both are blank. */
  description: string | null;
  photoUrl: string | null;
}

/** A nomination may override the artist's defaults; blank fields fall back to them. */
export function nominationText(nomination: PublicNomination, language: Language): NominationText {
  const { artist } = nomination;
  const artistName = localized(language, artist.name, artist.nameFr);
  const title = localized(
    language,
    nomination.nominationTitle,
    nomination.nominationTitleFr,
  ).trim();
  const description =
    localized(
      language,
      nomination.nominationDescription,
      nomination.nominationDescriptionFr,
    ).trim() || localized(language, artist.bio, artist.bioFr).trim();
  return {
    heading: title || artistName,
    artistName,
    description: description || null,
    photoUrl: nomination.nominationPhotoUrl || artist.photoUrl,
  };
}
