import type {
  Category,
  PublicArtist,
  PublicNomination,
  ShareLookup,
} from '#shared/schemas/catalog.js';

/*
 * The public shapes as they are while the event hides its counts: every vote count and every
 * figure derived from one (totals, trending votes, the trending mark) left out, not zeroed, so
 * nothing in the answer hints at the standings.
 */

export function categoryWithoutCounts(category: Category): Category {
  const { voteCount: _voteCount, ...rest } = category;
  return rest;
}

export function artistWithoutCounts(artist: PublicArtist): PublicArtist {
  const {
    isTrending: _isTrending,
    totalVotes: _totalVotes,
    trendingVotes: _trendingVotes,
    ...rest
  } = artist;
  return rest;
}

export function nominationWithoutCounts(nomination: PublicNomination): PublicNomination {
  const { voteCount: _voteCount, ...rest } = nomination;
  return {
    ...rest,
    artist: artistWithoutCounts(nomination.artist),
    category: categoryWithoutCounts(nomination.category),
  };
}

export function shareLookupWithoutCounts(lookup: ShareLookup): ShareLookup {
  return {
    ...lookup,
    artist: artistWithoutCounts(lookup.artist),
    category: categoryWithoutCounts(lookup.category),
  };
}
