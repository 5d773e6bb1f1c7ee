/**
 * Content pages (coverage.md §1 Content pages, Member zone facts): business age, fact placeholders, and
 * outlet helpers, and every page of the content collection present in EN, ZH and AR with a title and description.
 */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { businessAge, companyFacts, fillFacts } from '../../src/domain/company';
import { COMPANY_FOUNDED_YEAR, LOCALES } from '../../src/domain/constants';
import { groupByState, mapsHref, outletServices, telHref } from '../../src/domain/outlets';

describe('businessAge (current year − 2007)', () => {
  it.each([
    ['2007-06-01T00:00:00Z', 0],
    ['2024-03-01T00:00:00Z', 17],
    ['2026-11-22T06:30:00Z', 19],
  ])('%s → %i', (iso, age) => expect(businessAge(new Date(iso))).toBe(age));

  it('uses the Malaysian calendar year (UTC+8) at new year', () => {
    expect(businessAge(new Date('2025-12-31T16:30:00Z'))).toBe(2026 - COMPANY_FOUNDED_YEAR);
    expect(businessAge(new Date('2025-12-31T15:30:00Z'))).toBe(2025 - COMPANY_FOUNDED_YEAR);
  });
});

describe('companyFacts and fillFacts', () => {
  const facts = companyFacts(new Date('2026-01-15T00:00:00Z'));
  it('quotes the member zone figures from the constants', () => {
    expect(facts.rebate).toBe('RM 10.00');
    expect(facts.membership_fee).toBe('RM 3.00');
    expect(facts.business_min_receipt).toBe('RM 100.00');
    expect(facts.points_per_rebate).toBe('500');
    expect(facts.outlet_count).toBe('22');
  });
  it('fills known placeholders and keeps unknown ones', () => {
    expect(fillFacts('Since {{founded_year}}, {{ business_age }} years; {{nope}}', facts)).toBe('Since 2007, 19 years; {{nope}}');
  });
});

describe('content collection', () => {
  const root = path.resolve(__dirname, '../../src/content/pages');
  const slugs = new Set(LOCALES.flatMap((l) => fs.readdirSync(path.join(root, l)).filter((f) => f.endsWith('.md'))));

  it('has the three content pages', () => {
    expect([...slugs].sort()).toEqual(['about-us.md', 'member-zone.md', 'privacy-policy.md']);
  });

  for (const locale of LOCALES) {
    it(`has every page in ${locale} with a title and description`, () => {
      for (const slug of slugs) {
        const file = path.join(root, locale, slug);
        expect(fs.existsSync(file), `${locale}/${slug}`).toBe(true);
        const text = fs.readFileSync(file, 'utf8');
        expect(text).toMatch(/^---\n[\s\S]*?title: .+\n[\s\S]*?description: .+\n[\s\S]*?---\n/);
        expect(text.split('---').slice(2).join('---').trim().length).toBeGreaterThan(400);
      }
    });
  }
});

describe('outlets helpers', () => {
  const o = (store_name: string, store_state: string) => ({ store_name, store_state, store_phone: '03-1', store_lat_long: '3,101', store_pickdel: 'BOTHPD' as const });

  it('groups by state name, keeping order within a state', () => {
    const g = groupByState([o('A', 'Selangor'), o('B', 'Johor'), o('C', 'Selangor')]);
    expect(g.map((x) => [x.state, x.outlets.map((s) => s.store_name)])).toEqual([['Johor', ['B']], ['Selangor', ['A', 'C']]]);
  });
  it('reads pick-up and delivery', () => {
    expect(outletServices('BOTHPD')).toEqual({ pickup: true, delivery: true });
    expect(outletServices('PICKUP')).toEqual({ pickup: true, delivery: false });
    expect(outletServices('DELIVERY')).toEqual({ pickup: false, delivery: true });
  });
  it('builds tel: and maps links', () => {
    expect(telHref('03-8060 5521')).toBe('tel:+60380605521');
    expect(telHref('+60 12-345 6789')).toBe('tel:+60123456789');
    expect(mapsHref('3.0249,101.618')).toBe('https://www.google.com/maps/search/?api=1&query=3.0249,101.618');
    expect(mapsHref('x,1')).toBeNull();
  });
});
