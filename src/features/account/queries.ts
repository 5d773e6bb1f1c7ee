/**
 * Reads of the member's account area (coverage.md §2 Account area, §3 Customer / Profile, §7
 * customer_detail) through `memberApi`, reshaped once into the view the account pages show.
 */
import type { Profile } from '../../lib/xs-api/contract';
import { memberApi, type FeatureContext } from '../shared/api';

/**
 * The profile page's view: the editable fields (first name, last name, email: '' when none) and
 * the read-only member code, mobile number and points (an integer count of points).
 */
export type ProfileView = {
  memberCode: string;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  points: number;
  picture: string | null;
};

/** Maps the contract's profile to the page's view. */
export function toProfileView(p: Profile): ProfileView {
  return {
    memberCode: p.member_code,
    firstName: p.customer_firstname,
    lastName: p.customer_lastname,
    email: p.customer_email ?? '',
    mobile: p.customer_mobile,
    points: p.customer_point,
    picture: p.customer_picture,
  };
}

/**
 * The logged-in member's profile for /account/profile (customer_detail).
 * @throws XsApiError on a transport fault, a server error, or 401 (no live session; the middleware's
 *   account guard normally answers first).
 */
export async function getProfile(ctx: FeatureContext): Promise<ProfileView> {
  const { data } = await memberApi(ctx).call('customer_detail');
  return toProfileView(data);
}
