import type { TFunction } from 'i18next';

/**
 * The catalogue's texts, handed down by a page or a list to the parts it draws once per nominee or
 * category. useTranslation() in each of them would copy the texts' instance for every card on
 * every drawing on the server, which was about a fifth of a drawn category page's CPU.
 */
export type CatalogTexts = TFunction<'catalog'>;
