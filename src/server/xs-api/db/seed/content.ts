/**
 * Site content (tables `header_banners`, `promotion_banners`, `company_info`, `currencies`;
 * coverage.md §1 Currency, §3 Promotion banner, Header banner, Company contact, Social info).
 * Banner pictures carry no text (scripts/make-images.mjs draws them from HEADER_ART and PROMO_ART);
 * the header banners' localized `alt` and the promotion banners' name are shown as HTML over them.
 */
import type { companyInfo, currencies, headerBanners, promotionBanners } from '../schema/content';
import { promotedCodes } from './catalogue.ts';

export type HeaderBannerRow = typeof headerBanners.$inferInsert;
export type PromotionBannerRow = typeof promotionBanners.$inferInsert;
export type CompanyInfoRow = typeof companyInfo.$inferInsert;
export type CurrencyRow = typeof currencies.$inferInsert;

/**
 * What a banner picture shows (scripts/make-images.mjs): its colours and the foods on its plate
 * (English product names). The pictures carry no text: the banner's words are HTML over them.
 */
export type BannerArt = { bg: string; accent: string; foods: string[] };

export const HEADER_ART: BannerArt[] = [
  { bg: '#b3261e', accent: '#ffd166', foods: ['Pork Belly', 'Spare Ribs', 'Pork Chops'] },
  { bg: '#a86a00', accent: '#fff3d6', foods: ['Xiao Long Bao', 'Fishballs', 'Char Siew Pau'] },
  { bg: '#1d5f82', accent: '#ffd166', foods: ['Tiger Prawns (Large)', 'Salmon Fillet', 'Flower Crab'] },
  { bg: '#6b4a2b', accent: '#ffd166', foods: ['Flower Mushrooms', 'Chinese Sausage', 'Sliced Bak Kwa'] },
];

export const HEADER_BANNERS: HeaderBannerRow[] = [
  { id: 1, bannerUrl: '/images/banners/header-1.svg', link: '/category?group_code=FRESH-PORK', alt: { en: 'Fresh pork, cut daily', zh: '新鲜猪肉，每日现切', ar: 'لحم خنزير طازج يُقطع يوميًا' }, sortOrder: 1 },
  { id: 2, bannerUrl: '/images/banners/header-2.svg', link: '/category?group_code=FROZEN-FOOD', alt: { en: 'Frozen favourites from RM 5.90', zh: '人气冷冻食品 RM 5.90 起', ar: 'أطعمة مجمدة مفضلة ابتداءً من RM 5.90' }, sortOrder: 2 },
  { id: 3, bannerUrl: '/images/banners/header-3.svg', link: '/category?group_code=FROZEN-SEAFOOD', alt: { en: 'Seafood, frozen at the port', zh: '海鲜在渔港即时冷冻', ar: 'مأكولات بحرية مجمدة في الميناء' }, sortOrder: 3 },
  { id: 4, bannerUrl: '/images/banners/header-4.svg', link: '/category?group_code=DRIED-FOOD', alt: { en: 'Dried goods for every table', zh: '干货年货，样样齐全', ar: 'أطعمة مجففة لكل مائدة' }, sortOrder: 4 },
];

export const PROMO_ART: BannerArt[] = [
  { bg: '#c62828', accent: '#ffe082', foods: ['Baby Back Ribs', 'Pork Knuckle'] },
  { bg: '#e08a00', accent: '#fff8e1', foods: ['Pork & Cabbage Dumplings', 'Prawn Balls'] },
  { bg: '#1565c0', accent: '#ffe082', foods: ['White Pomfret', 'Vannamei Prawns'] },
  { bg: '#7b1f1f', accent: '#ffd54f', foods: ['Bak Kwa Gift Box', 'Dried Shiitake Mushrooms'] },
];

type PromoSpec = [name: { en: string; zh: string; ar: string }, desc: { en: string; zh: string; ar: string }, groups: string[], start: string, end: string];

const PROMO_SPECS: PromoSpec[] = [
  [{ en: 'Pork Week', zh: '猪肉周', ar: 'أسبوع لحم الخنزير' }, { en: 'Up to 25% off selected fresh pork cuts, ribs and offal.', zh: '精选新鲜猪肉、排骨和猪杂，低至七五折。', ar: 'خصم حتى 25% على قطع لحم الخنزير الطازج والأضلاع والأحشاء المختارة.' }, ['FRESH-PORK'], '2026-01-01', '2027-12-31'],
  [{ en: 'Hotpot Favourites', zh: '火锅人气美食', ar: 'مفضلات الهوت بوت' }, { en: 'Dumplings, pau, meatballs and fishballs at special prices.', zh: '饺子、包点、肉丸和鱼丸特价中。', ar: 'زلابية وكعك محشو وكرات لحم وسمك بأسعار خاصة.' }, ['FROZEN-FOOD'], '2026-03-01', '2027-06-30'],
  [{ en: 'Seafood Savers', zh: '海鲜超值优惠', ar: 'توفير المأكولات البحرية' }, { en: 'Save on frozen prawns, fish steaks and shellfish.', zh: '冷冻虾、鱼块和贝类优惠价。', ar: 'وفّر على الروبيان المجمد وشرائح السمك والمحار.' }, ['FROZEN-SEAFOOD'], '2026-06-01', '2027-12-31'],
  [{ en: 'Festive Pantry', zh: '佳节干货', ar: 'مؤونة الأعياد' }, { en: 'Bak kwa, lap cheong, dried mushrooms and pantry staples for the festive season.', zh: '肉干、腊肠、香菇和杂货，佳节备货好时机。', ar: 'باك كوا ولاب تشيونغ وفطر مجفف ومؤن أساسية لموسم الأعياد.' }, ['DRIED-FOOD', 'PANTRY'], '2026-10-01', '2027-03-31'],
];

export const PROMOTION_BANNERS: PromotionBannerRow[] = PROMO_SPECS.map(([bannerName, bannerDesc, groups, startDate, endDate], i) => ({
  bannerId: i + 1,
  bannerName,
  bannerImage: [`/images/banners/promo-${i + 1}.svg`],
  bannerDesc,
  bannerUrl: [`/promotion/${i + 1}`],
  productCodes: promotedCodes(groups),
  startDate,
  endDate,
}));

export const COMPANY_INFO: CompanyInfoRow[] = [
  { key: 'company_name', value: 'XS Fresh Mart Sdn. Bhd.' },
  { key: 'company_address1', value: 'Lot 8, Jalan Kepong Perindustrian 3' },
  { key: 'company_address2', value: 'Kawasan Perindustrian Kepong, 52100 Kuala Lumpur' },
  { key: 'company_email', value: 'care@xsfreshmart.com.my' },
  { key: 'company_tel', value: '03-6257 8800' },
  { key: 'facebook_url', value: 'https://www.facebook.com/xsfreshmart' },
  { key: 'website_URL', value: 'https://www.xsfreshmart.com.my' },
  { key: 'tiktok_url', value: 'https://www.tiktok.com/@xsfreshmart' },
  { key: 'instagram_url', value: 'https://www.instagram.com/xsfreshmart' },
];

/** Only the ringgit is offered (coverage.md §1). */
export const CURRENCIES: CurrencyRow[] = [{ code: 'MYR', symbol: 'RM', name: 'Malaysian Ringgit' }];
