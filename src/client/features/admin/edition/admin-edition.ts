import { useSearch } from 'wouter';
import { editionSlugSchema } from '#shared/schemas/edition';

/**
 * The edition an admin screen works on: `?edition=` in its address (kept there like `?tab=`, so a
 * reload or a shared link opens the same edition), or undefined for the current edition. A
 * malformed value reads as the current edition rather than an error the organiser cannot act on.
 */
export function useAdminEdition(): string | undefined {
  const value = new URLSearchParams(useSearch()).get('edition');
  return value !== null && editionSlugSchema.safeParse(value).success ? value : undefined;
}
