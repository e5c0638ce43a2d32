import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type {
  Category,
  PublicArtist,
  PublicNomination,
  ShareLookup,
} from '#shared/schemas/catalog';
import type { LiveTally } from '#shared/schemas/live';
import { isOtherEditionKey } from '#client/lib/edition-scope';

/*
 * Live tallies written into the catalogue answers the screens already hold, in place: same lists,
 * same order (every public list is ordered by name or date, never by votes, so nothing moves
 * under the voter's thumb). The totals are derived as the server derives them: a category's
 * count is the sum of its nominations', an artist's the sum of its own. A count the answer does
 * not carry (the event hides counts) is never added.
 */

/** The counts as the stream last said, by nomination id. */
export type TallyBoard = Map<string, number>;

/** Which nominations each category holds, as far as the cached answers tell. */
type Membership = Map<string, Set<string>>;

/** Keys follow the URL (catalog-queries.ts): the answers that carry counts, by shape. */
const isCategoryList = (key: QueryKey) => key[0] === '/api/categories' && key.length === 1;
const isCategory = (key: QueryKey) => key[0] === '/api/categories' && key.length === 2;
const isNominationList = (key: QueryKey) =>
  key[0] === '/api/nominations/category' || (key[0] === '/api/artists' && key[2] === 'nominations');
const isArtist = (key: QueryKey) => key[0] === '/api/artists' && key.length === 2;
const isShareLookup = (key: QueryKey) => key[0] === '/api/nominations/share';

/** Every cached answer of one shape, with its key. */
function cached<T>(queryClient: QueryClient, matches: (key: QueryKey) => boolean) {
  return queryClient
    .getQueryCache()
    .findAll({
      // The live counts are the current edition's: another edition's answers keep their own.
      predicate: (query) => matches(query.queryKey) && !isOtherEditionKey(query.queryKey),
    })
    .flatMap((query) =>
      query.state.data === undefined ? [] : [{ key: query.queryKey, data: query.state.data as T }],
    );
}

function addMember(membership: Membership, categoryId: string, nominationId: string): void {
  const members = membership.get(categoryId);
  if (members) members.add(nominationId);
  else membership.set(categoryId, new Set([nominationId]));
}

function learnFromArtist(membership: Membership, artist: PublicArtist): void {
  for (const ref of artist.categories) addMember(membership, ref.id, ref.nominationId);
}

function membershipOf(queryClient: QueryClient): Membership {
  const membership: Membership = new Map();
  for (const { data } of cached<PublicNomination[]>(queryClient, isNominationList)) {
    for (const nomination of data) {
      addMember(membership, nomination.categoryId, nomination.id);
      learnFromArtist(membership, nomination.artist);
    }
  }
  for (const { data } of cached<PublicArtist>(queryClient, isArtist)) {
    learnFromArtist(membership, data);
  }
  for (const { data } of cached<ShareLookup>(queryClient, isShareLookup)) {
    learnFromArtist(membership, data.artist);
  }
  return membership;
}

/** The sum of these nominations' counts, or undefined when the board lacks one of them. */
function sumOf(board: TallyBoard, ids: Iterable<string>): number | undefined {
  let total = 0;
  for (const id of ids) {
    const count = board.get(id);
    if (count === undefined) return undefined;
    total += count;
  }
  return total;
}

class Patcher {
  constructor(
    private readonly board: TallyBoard,
    private readonly membership: Membership,
  ) {}

  /** Undefined when its nominations are not all known here: the answer keeps its own count. */
  categoryTotal(category: Category): number | undefined {
    const members = this.membership.get(category.id);
    if (!members || members.size !== category.artistCount) return undefined;
    return sumOf(this.board, members);
  }

  category = (category: Category): Category => {
    if (category.voteCount === undefined) return category;
    const total = this.categoryTotal(category);
    return total === undefined || total === category.voteCount
      ? category
      : { ...category, voteCount: total };
  };

  artist = (artist: PublicArtist): PublicArtist => {
    if (artist.totalVotes === undefined) return artist;
    const total = sumOf(
      this.board,
      artist.categories.map((ref) => ref.nominationId),
    );
    return total === undefined || total === artist.totalVotes
      ? artist
      : { ...artist, totalVotes: total };
  };

  nomination = (nomination: PublicNomination): PublicNomination => {
    const own = this.board.get(nomination.id);
    const voteCount =
      nomination.voteCount === undefined || own === undefined ? nomination.voteCount : own;
    const artist = this.artist(nomination.artist);
    const category = this.category(nomination.category);
    return voteCount === nomination.voteCount &&
      artist === nomination.artist &&
      category === nomination.category
      ? nomination
      : { ...nomination, voteCount, artist, category };
  };
}

/** The same list when nothing in it changed, so React Query tells no one. */
function mapList<T>(list: T[], patch: (item: T) => T): T[] {
  const patched = list.map(patch);
  return patched.some((item, index) => item !== list[index]) ? patched : list;
}

/**
 * Writes the board's counts into every cached catalogue answer. Answers whose totals cannot be
 * derived here (the category list, when the nominations of a category were never loaded) are
 * left as they are; returns true when the category list then disagrees with the board, i.e. it
 * needs fetching again.
 */
export function applyTallyBoard(queryClient: QueryClient, board: TallyBoard): boolean {
  const patch = new Patcher(board, membershipOf(queryClient));
  const write = <T>(matches: (key: QueryKey) => boolean, update: (data: T) => T) => {
    for (const { key, data } of cached<T>(queryClient, matches)) {
      const next = update(data);
      if (next !== data) queryClient.setQueryData<T>(key, next);
    }
  };
  write<PublicNomination[]>(isNominationList, (list) => mapList(list, patch.nomination));
  write<PublicArtist>(isArtist, patch.artist);
  write<Category>(isCategory, patch.category);
  write<ShareLookup>(isShareLookup, (lookup) => {
    const artist = patch.artist(lookup.artist);
    const category = patch.category(lookup.category);
    return artist === lookup.artist && category === lookup.category
      ? lookup
      : { ...lookup, artist, category };
  });
  let stale = false;
  write<Category[]>(isCategoryList, (list) => {
    const patched = mapList(list, patch.category);
    // Every visible nomination is in some listed category, so the list's grand total is the
    // board's; a difference means a category whose share of it cannot be worked out here moved.
    const listed = patched.reduce<number | undefined>(
      (total, category) =>
        total === undefined || category.voteCount === undefined
          ? undefined
          : total + category.voteCount,
      0,
    );
    if (listed !== undefined && listed !== sumOf(board, board.keys())) stale = true;
    return patched;
  });
  return stale;
}

/** The board after a message: a snapshot replaces it, tallies update it. */
export function boardAfter(board: TallyBoard, tallies: LiveTally[], replace: boolean): TallyBoard {
  const next: TallyBoard = replace ? new Map() : new Map(board);
  for (const tally of tallies) next.set(tally.id, tally.voteCount);
  return next;
}
