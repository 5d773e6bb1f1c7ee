import { describe, expect, it } from 'vitest';

import { FSI, PDI, isolate, isolateJoin, stripIsolates } from '../../src/i18n/bidi';
import { translate } from '../../src/i18n/messages';

describe('bidi isolation helper', () => {
  it('wraps a run in first-strong-isolate marks, as <bdi> does', () => {
    expect(isolate('27, Jalan SS2')).toBe('\u206827, Jalan SS2\u2069');
    expect(isolate('  WEB2611220001 ')).toBe(`${FSI}WEB2611220001${PDI}`);
  });

  it('leaves empty and missing text empty, with no stray marks', () => {
    expect(isolate('')).toBe('');
    expect(isolate('   ')).toBe('');
    expect(isolate(null)).toBe('');
    expect(isolate(undefined)).toBe('');
  });

  it('isolates each part and keeps the separator outside the runs', () => {
    const line = isolateJoin(', ', ['27, Jalan SS2', '', null, '47300 Petaling Jaya', 'Selangor']);
    expect(line).toBe(`${FSI}27, Jalan SS2${PDI}, ${FSI}47300 Petaling Jaya${PDI}, ${FSI}Selangor${PDI}`);
    // The postcode and its city stay one run, next to each other.
    expect(line).toContain(`${FSI}47300 Petaling Jaya${PDI}`);
    expect(stripIsolates(line)).toBe('27, Jalan SS2, 47300 Petaling Jaya, Selangor');
    expect(isolateJoin(' · ', [])).toBe('');
  });

  it('keeps a Latin store name whole inside an Arabic message', () => {
    const shown = translate('ar', 'cart_store', { store: isolate('XS Fresh Mart SS2') });
    expect(shown).toContain(`${FSI}XS Fresh Mart SS2${PDI}`);
    expect(stripIsolates(shown)).toContain('XS Fresh Mart SS2');
  });
});
