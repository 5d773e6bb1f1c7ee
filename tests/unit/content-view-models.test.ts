/**
 * The content pages' view models (src/features/content/view-models.ts): company contact, social
 * links, outlets by state and voucher details, reshaped once with money in sen (coverage.md §3).
 */
import { describe, expect, it } from 'vitest';
import type { Store, VoucherDetail } from '../../src/lib/xs-api/contract';
import { toCompanyContact, toOutletStates, toOutletView, toSocialLinks, toVoucher } from '../../src/features/content/view-models';

describe('toCompanyContact', () => {
  it('keeps the address lines that are set and makes a tel: link', () => {
    expect(toCompanyContact({ company_address1: 'Lot 1', company_address2: '', company_email: 'hi@xs.example', company_tel: '03-6257 8800' })).toEqual({
      addressLines: ['Lot 1'],
      email: 'hi@xs.example',
      phone: '03-6257 8800',
      telHref: 'tel:+60362578800',
    });
    expect(toCompanyContact({ company_address1: '', company_address2: '', company_email: '', company_tel: '' })).toMatchObject({ addressLines: [], telHref: '' });
  });
});

describe('toSocialLinks', () => {
  it('lists the networks with an http(s) address, in display order', () => {
    const links = toSocialLinks({ facebook_url: 'https://fb.example/xs', website_URL: 'http://xs.example', tiktok_url: '', instagram_url: 'javascript:alert(1)' });
    expect(links).toEqual([
      { network: 'facebook_url', url: 'https://fb.example/xs' },
      { network: 'website_URL', url: 'http://xs.example' },
    ]);
  });
});

describe('toOutletStates', () => {
  const store = (code: string, state: string, over: Partial<Store> = {}): Store => ({
    store_code: code, store_no: code, store_name: `Outlet ${code}`, store_address: 'Jalan 1', store_phone: '03-1234 5678',
    store_state: state, store_lat_long: '3.1,101.6', store_pickdel: 'BOTHPD', distance_km: null, ...over,
  });
  it('groups by state (by name), keeping the outlets\' order, with services, tel: and maps links', () => {
    const states = toOutletStates([store('S2', 'Selangor'), store('S1', 'Johor', { store_pickdel: 'PICKUP', store_lat_long: '' }), store('S3', 'Selangor')]);
    expect(states.map((s) => [s.state, s.outlets.map((o) => o.code)])).toEqual([['Johor', ['S1']], ['Selangor', ['S2', 'S3']]]);
    expect(states[0]!.outlets[0]).toEqual({
      code: 'S1', name: 'Outlet S1', address: 'Jalan 1', phone: '03-1234 5678', telHref: 'tel:+60312345678', mapHref: null, pickup: true, delivery: false, distanceKm: null,
    });
    expect(states[1]!.outlets[0]!.mapHref).toBe('https://www.google.com/maps/search/?api=1&query=3.1,101.6');
  });
  it('keeps the distance of an outlet looked up from a place', () => {
    expect(toOutletView(store('S4', 'Selangor', { distance_km: 2.37 })).distanceKm).toBe(2.37);
  });
});

describe('toVoucher', () => {
  const voucher = (over: Partial<VoucherDetail> = {}): VoucherDetail => ({
    vc_code: 'RM5OFF', vc_name: 'RM5 off', vc_image: '/images/vouchers/RM5OFF.svg', vc_amount: '5.00', vc_redeem_formula: 500, min_spend: 3000, vc_tnc: 'Terms', ...over,
  });
  it('reads a fixed amount and the minimum spend in sen', () => {
    expect(toVoucher(voucher())).toEqual({
      code: 'RM5OFF', name: 'RM5 off', image: '/images/vouchers/RM5OFF.svg', value: { kind: 'amount', sen: 500 }, minSpendSen: 3000, pointsNeeded: 500, terms: 'Terms',
    });
  });
  it('reads a percent; no minimum spend is 0; not redeemable with points is null', () => {
    expect(toVoucher(voucher({ vc_amount: '10%', min_spend: 0, vc_redeem_formula: null }))).toMatchObject({
      value: { kind: 'percent', percent: 10 }, minSpendSen: 0, pointsNeeded: null,
    });
  });
});
