/** What a shopper types to find outlets (src/domain/place-search.ts): a postcode of 5 digits or a town, tidied and bounded. */
import { describe, expect, it } from 'vitest';
import { parsePlaceQuery, placeQuerySchema } from '../../src/domain/place-search';

describe('parsePlaceQuery', () => {
  it('reads 5 digits as a postcode and anything else as a town, spaces tidied', () => {
    expect(parsePlaceQuery(' 47300 ')).toEqual({ kind: 'postcode', postcode: '47300' });
    expect(parsePlaceQuery('  Petaling \t Jaya ')).toEqual({ kind: 'town', town: 'Petaling Jaya' });
    expect(parsePlaceQuery('47300 Petaling Jaya')).toEqual({ kind: 'town', town: '47300 Petaling Jaya' });
  });
  it('refuses an empty search, a postcode of another length, and a town too short or too long', () => {
    expect(parsePlaceQuery('   ')).toEqual({ refused: 'place_search_required' });
    expect(parsePlaceQuery('4730')).toEqual({ refused: 'place_postcode_invalid' });
    expect(parsePlaceQuery('473001')).toEqual({ refused: 'place_postcode_invalid' });
    expect(parsePlaceQuery('K')).toEqual({ refused: 'place_search_length' });
    expect(parsePlaceQuery('K'.repeat(60))).toEqual({ kind: 'town', town: 'K'.repeat(60) });
    expect(parsePlaceQuery('K'.repeat(61))).toEqual({ refused: 'place_search_length' });
  });
  it('answers refusals as message keys in the schema', () => {
    expect(placeQuerySchema.safeParse('123').error?.issues[0]?.message).toBe('place_postcode_invalid');
    expect(placeQuerySchema.parse('ipoh')).toEqual({ kind: 'town', town: 'ipoh' });
  });
});
