/**
 * What the rest of admin may use of the artists tab. The artist editor page is not here: the
 * route table loads it lazily by its own path, as its own chunk.
 */
export { ArtistsTab } from './artists-tab';
