import type { Db } from '#server/db/client.js';
import type { AdminArtist, FrenchField } from '#shared/schemas/admin.js';
import {
  buildCatalogSnapshot,
  loadCatalogRows,
  type CatalogSnapshot,
} from '#server/features/catalog/catalog-snapshot.js';
import { missingFrench } from '#server/features/translation/french-fields.js';

/**
 * Every artist (a profile is shared by every edition) with the figures of their nominations in the
 * edition `editionId`, read afresh: any edition may be asked for, and the public snapshot holds
 * only what the public site shows.
 */
export async function loadAdminArtists(db: Db, editionId: number): Promise<AdminArtist[]> {
  return listAdminArtists(
    buildCatalogSnapshot(await loadCatalogRows(db, editionId), () => undefined),
  );
}

/**
 * The same figures the public site shows (read from the catalogue
 * snapshot, so trending and totals never disagree between the two), by name, without hidden
 * artists, plus which French texts are missing anywhere in the artist's profile.
 */
export function listAdminArtists(snapshot: CatalogSnapshot): AdminArtist[] {
  return [...snapshot.artistById.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ nameFr: _nameFr, ...artist }) => {
      const own = snapshot.nominationsByArtist.get(artist.id) ?? [];
      const missing = new Set<FrenchField>(
        missingFrench([{ field: 'bioFr', english: artist.bio, french: artist.bioFr }]),
      );
      for (const n of own) {
        for (const field of missingFrench([
          { field: 'nominationTitleFr', english: n.nominationTitle, french: n.nominationTitleFr },
          {
            field: 'nominationDescriptionFr',
            english: n.nominationDescription,
            french: n.nominationDescriptionFr,
          },
        ])) {
          missing.add(field);
        }
      }
      return { ...artist, missingFrench: [...missing] };
    });
}
