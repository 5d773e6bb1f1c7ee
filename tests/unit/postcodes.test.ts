/** Postcode, city and state against each other (src/server/xs-api/services/postcodes.ts, malaysia-postcodes data). */
import { describe, expect, it } from 'vitest';
import { checkPostcodePlace } from '../../src/server/xs-api/services/postcodes';

describe('checkPostcodePlace', () => {
  it('accepts the demo addresses and names written differently', () => {
    expect(checkPostcodePlace('50200', 'Kuala Lumpur', 'KUL')).toBeNull();
    expect(checkPostcodePlace('47300', 'Petaling Jaya', 'SGR')).toBeNull();
    expect(checkPostcodePlace('47300', 'PETALING-JAYA', 'SGR')).toBeNull();
    expect(checkPostcodePlace('31400', 'Ipoh', 'PRK')).toBeNull();
  });
  it("accepts a neighbourhood the list does not know as one of the state's post towns", () => {
    expect(checkPostcodePlace('52100', 'Kepong', 'KUL')).toBeNull();
    expect(checkPostcodePlace('56000', 'Cheras', 'KUL')).toBeNull();
  });
  it("refuses a postcode that is not the state's", () => {
    expect(checkPostcodePlace('50200', 'Kuala Lumpur', 'SGR')).toBe('state');
    expect(checkPostcodePlace('99999', 'Ipoh', 'PRK')).toBe('state');
  });
  it("refuses another post town of the state than the postcode's", () => {
    expect(checkPostcodePlace('47300', 'Shah Alam', 'SGR')).toBe('city');
    expect(checkPostcodePlace('31400', 'Taiping', 'PRK')).toBe('city');
  });
  it('does not check a state the list does not cover', () => {
    expect(checkPostcodePlace('12345', 'Anywhere', 'XXX')).toBeNull();
  });
});
