/** The id of the script element that carries a drawn page's data from the server to its script. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';
