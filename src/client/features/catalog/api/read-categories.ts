import type { Category } from '#shared/schemas/catalog';
import type { ResponseReader } from '#client/lib/api-client';
import {
  fieldPath,
  integer,
  isoDateTime,
  list,
  nullableString,
  optionalField,
  record,
  string,
  uuid,
} from '#client/lib/json-fields';

/** One `categorySchema`, read by hand. */
export function readCategory(value: unknown, path = ''): Category {
  const category = record(value, path);
  const at = (key: string) => fieldPath(path, key);
  return {
    id: uuid(category.id, at('id')),
    name: string(category.name, at('name')),
    nameFr: nullableString(category.nameFr, at('nameFr')),
    description: nullableString(category.description, at('description')),
    descriptionFr: nullableString(category.descriptionFr, at('descriptionFr')),
    icon: nullableString(category.icon, at('icon')),
    backgroundImageUrl: nullableString(category.backgroundImageUrl, at('backgroundImageUrl')),
    backgroundColor: nullableString(category.backgroundColor, at('backgroundColor')),
    artistCount: integer(category.artistCount, at('artistCount')),
    ...optionalField('voteCount', category.voteCount, path, integer),
    createdAt: isoDateTime(category.createdAt, at('createdAt')),
  };
}

/**
 * GET /api/categories is the first screen's answer, read without zod so zod stays out of that
 * screen's bundle (docs/decisions/0042). Held to `z.array(categorySchema)` by its test.
 */
export const categoryListReader: ResponseReader<Category[]> = {
  parse: (data) => list(data, '').map((item, index) => readCategory(item, `[${index}]`)),
};
