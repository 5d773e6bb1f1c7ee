/** Content operations (spec §7 Vouchers, history, content; §3 Header banner). */
import { z } from 'zod';
import { defineOperation, statusOk } from './operation';
import { lang } from './catalogue';

export const headerBanner = z.object({ banner_url: z.string(), link: z.string(), alt: z.string() });

export const headerBannerListing = defineOperation({
  name: 'mobile_ecommerce_header_banner',
  method: 'GET',
  path: 'mobile_ecommerce_header_banner',
  member: 'none',
  summary: 'Header slideshow banners, in display order.',
  query: z.object({ lang }),
  response: z.object({ Status: statusOk, data: z.array(headerBanner) }),
});
