import type { z } from 'zod';
import type { Language } from '#shared/limits';
import type { resultNomineeSchema } from '#shared/schemas/event';
import { localized } from '#shared/localized';

export type ResultNominee = z.infer<typeof resultNomineeSchema>;

export interface NomineeHeading {
  /** The nomination's title when it has one, else the artist's name. */
  title: string;
  /** The artist's name under a title that is not it, else null. */
  byline: string | null;
}

/** A nominee as the results name it, in the interface language. */
export function nomineeHeading(
  nominee: Pick<ResultNominee, 'artistName' | 'nominationTitle' | 'nominationTitleFr'>,
  language: Language,
): NomineeHeading {
  const title = localized(language, nominee.nominationTitle, nominee.nominationTitleFr).trim();
  if (!title || title === nominee.artistName) return { title: nominee.artistName, byline: null };
  return { title, byline: nominee.artistName };
}
