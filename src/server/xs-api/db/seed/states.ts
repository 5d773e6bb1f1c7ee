/**
 * Malaysia's 13 states and 3 federal territories (table `states`, coverage.md §7 state_listing).
 * Codes follow the common three-letter abbreviations; territories sort after the states.
 */
import type { states } from '../schema/catalogue';

export type StateRow = typeof states.$inferInsert;

export const STATES: StateRow[] = [
  { stateCode: 'JHR', stateName: 'Johor', isFederalTerritory: false, sortOrder: 1 },
  { stateCode: 'KDH', stateName: 'Kedah', isFederalTerritory: false, sortOrder: 2 },
  { stateCode: 'KTN', stateName: 'Kelantan', isFederalTerritory: false, sortOrder: 3 },
  { stateCode: 'MLK', stateName: 'Melaka', isFederalTerritory: false, sortOrder: 4 },
  { stateCode: 'NSN', stateName: 'Negeri Sembilan', isFederalTerritory: false, sortOrder: 5 },
  { stateCode: 'PHG', stateName: 'Pahang', isFederalTerritory: false, sortOrder: 6 },
  { stateCode: 'PNG', stateName: 'Pulau Pinang', isFederalTerritory: false, sortOrder: 7 },
  { stateCode: 'PRK', stateName: 'Perak', isFederalTerritory: false, sortOrder: 8 },
  { stateCode: 'PLS', stateName: 'Perlis', isFederalTerritory: false, sortOrder: 9 },
  { stateCode: 'SBH', stateName: 'Sabah', isFederalTerritory: false, sortOrder: 10 },
  { stateCode: 'SWK', stateName: 'Sarawak', isFederalTerritory: false, sortOrder: 11 },
  { stateCode: 'SGR', stateName: 'Selangor', isFederalTerritory: false, sortOrder: 12 },
  { stateCode: 'TRG', stateName: 'Terengganu', isFederalTerritory: false, sortOrder: 13 },
  { stateCode: 'KUL', stateName: 'Wilayah Persekutuan Kuala Lumpur', isFederalTerritory: true, sortOrder: 14 },
  { stateCode: 'LBN', stateName: 'Wilayah Persekutuan Labuan', isFederalTerritory: true, sortOrder: 15 },
  { stateCode: 'PJY', stateName: 'Wilayah Persekutuan Putrajaya', isFederalTerritory: true, sortOrder: 16 },
];

/** States counted as the Klang Valley for delivery pricing. */
export const KLANG_VALLEY_STATES = ['KUL', 'SGR', 'PJY'];
