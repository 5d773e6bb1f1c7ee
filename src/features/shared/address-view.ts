/**
 * An address as the shop shows it (coverage.md §2 Checkout page and Order success page: name, two address
 * lines, postcode, city, state, phone prefixed with +), built once from the contract's fields
 * (`add_*` of an address, `order_bill_*` / `order_del_*` of an order) by the feature queries.
 */
import { displayPhone } from '../../domain/phone';

/** What an address block shows: the person, the address as display lines, the phone ('+6012…' or ''). */
export type AddressView = {
  person: string;
  /** 'address1, address2' then 'postcode city, state'; empty parts left out, empty lines dropped. */
  lines: string[];
  phone: string;
};

/** The parts of an address, whatever the contract calls them; null or missing parts are empty. */
export type AddressParts = {
  person?: string | null;
  phone?: string | null;
  address1?: string | null;
  address2?: string | null;
  postcode?: string | null;
  city?: string | null;
  state?: string | null;
};

const join = (sep: string, ...parts: (string | null | undefined)[]) =>
  parts.map((p) => (p ?? '').trim()).filter(Boolean).join(sep);

/**
 * Reshapes address parts for display: { person: 'Tan Mei Ling', address1: '12, Jalan Ampang',
 * address2: 'Taman Maju', postcode: '50450', city: 'Kuala Lumpur', state: 'W.P. Kuala Lumpur',
 * phone: '012-345 6789' } → { person: 'Tan Mei Ling', lines: ['12, Jalan Ampang, Taman Maju',
 * '50450 Kuala Lumpur, W.P. Kuala Lumpur'], phone: '+60123456789' }.
 */
export function addressView(a: AddressParts): AddressView {
  const lines = [join(', ', a.address1, a.address2), join(', ', join(' ', a.postcode, a.city), a.state)].filter(Boolean);
  return { person: (a.person ?? '').trim(), lines, phone: displayPhone(a.phone) };
}
