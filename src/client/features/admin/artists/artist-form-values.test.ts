import { describe, expect, it } from 'vitest';
import {
  EMPTY_ARTIST,
  emptyNomination,
  hasChanges,
  valuesFromArtist,
  type ArtistValues,
} from './artist-form-values';

const CATEGORY = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

const loaded: ArtistValues = {
  name: 'Zélie',
  bio: 'Singer',
  bioFr: '',
  photoUrl: '/demo/zelie.jpg',
  isFeatured: false,
  nominations: [{ ...emptyNomination(CATEGORY), nominationTitle: 'Afro Queen' }],
};

describe('hasChanges', () => {
  it('is false for the values as loaded, and for added or removed spaces only', () => {
    expect(hasChanges(structuredClone(loaded), loaded)).toBe(false);
    expect(hasChanges({ ...loaded, name: ' Zélie  ' }, loaded)).toBe(false);
  });

  it.each<[string, Partial<ArtistValues>]>([
    ['name', { name: 'Zelie' }],
    ['bio', { bio: 'Singer and dancer' }],
    ['bioFr', { bioFr: 'Chanteuse' }],
    ['photoUrl', { photoUrl: '' }],
    ['isFeatured', { isFeatured: true }],
  ])('sees a change of %s', (_field, patch) => {
    expect(hasChanges({ ...loaded, ...patch }, loaded)).toBe(true);
  });

  it('sees nominations added, removed or edited', () => {
    const nominations = loaded.nominations;
    expect(
      hasChanges({ ...loaded, nominations: [...nominations, emptyNomination(OTHER)] }, loaded),
    ).toBe(true);
    expect(hasChanges({ ...loaded, nominations: [] }, loaded)).toBe(true);
    expect(
      hasChanges(
        { ...loaded, nominations: [{ ...nominations[0]!, nominationDescriptionFr: 'Reine' }] },
        loaded,
      ),
    ).toBe(true);
  });

  it('starts clean for a new artist', () => {
    expect(hasChanges(EMPTY_ARTIST, EMPTY_ARTIST)).toBe(false);
  });
});

describe('valuesFromArtist', () => {
  it('turns missing texts into empty fields', () => {
    const values = valuesFromArtist({
      id: '00000000-0000-4000-8000-0000000000aa',
      name: 'Amadou',
      bio: null,
      bioFr: null,
      photoUrl: null,
      isFeatured: true,
      totalVotes: 3,
      missingFrench: [],
      machineTranslated: [],
      nominations: [
        {
          id: '00000000-0000-4000-8000-0000000000bb',
          categoryId: CATEGORY,
          categoryName: 'Jazz',
          shareableLink: 'abcdefghijklmnop',
          nominationTitle: null,
          nominationTitleFr: null,
          nominationPhotoUrl: null,
          nominationDescription: 'Live',
          nominationDescriptionFr: null,
          voteCount: 3,
          missingFrench: ['nominationDescriptionFr'],
          machineTranslated: [],
        },
      ],
    });
    expect(values).toEqual({
      name: 'Amadou',
      bio: '',
      bioFr: '',
      photoUrl: '',
      isFeatured: true,
      nominations: [{ ...emptyNomination(CATEGORY), nominationDescription: 'Live' }],
    });
  });
});
