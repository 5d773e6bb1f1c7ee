/**
 * Demo catalogue (tables `product_groups`, `product_lines`, `brands`, `products`; coverage.md §3).
 * 5 groups, 15 lines, 7 brands and the 133 products of product-list.ts. Promotions, featured
 * flags, sales counts, ages and picture counts are fixed per product code by a seeded PRNG, so
 * every run (and scripts/make-images.mjs) sees the same catalogue.
 *
 * Plain data; its imports are type-only or `.ts` files without runtime imports of their own (such as
 * domain/money.ts), so it stays importable from Node with type stripping as well as from Vite.
 */
import type { brands, productGroups, productLines, products } from '../schema/catalogue';
import { discountedPrice } from '../../../../domain/money.ts';
import { hashString, mulberry32, randInt } from './prng.ts';
import { RAW_PRODUCTS } from './product-list.ts';
import { AR_PRODUCT_NAMES } from './product-list-ar.ts';
import { productSearchText } from '../../../../domain/search-text.ts';
import { unitLabel } from '../../../../domain/units.ts';

export type GroupRow = typeof productGroups.$inferInsert;
export type LineRow = typeof productLines.$inferInsert;
export type BrandRow = typeof brands.$inferInsert;
/** A product row without `createdAt`; `ageMinutes` says how long before the seed run it was added. */
export type ProductSeed = Omit<typeof products.$inferInsert, 'createdAt'> & { ageMinutes: number };

/** Illustration used for a line's product pictures and icon (scripts/make-images.mjs). */
export type LineArt =
  | 'slab' | 'mince' | 'ribs' | 'offal' | 'dumpling' | 'balls' | 'skewer' | 'prawn'
  | 'fish' | 'squid' | 'mushroom' | 'anchovy' | 'sausage' | 'noodles' | 'bottle';

export type LineDef = LineRow & { art: LineArt; bg: string; ink: string; blurb: { en: string; zh: string; ar: string } };

export const GROUPS: GroupRow[] = [
  { groupCode: 'FRESH-PORK', groupName: { en: 'Fresh Pork', zh: '新鲜猪肉', ar: 'لحم خنزير طازج' }, sortOrder: 1 },
  { groupCode: 'FROZEN-FOOD', groupName: { en: 'Frozen Food', zh: '冷冻食品', ar: 'أطعمة مجمدة' }, sortOrder: 2 },
  { groupCode: 'FROZEN-SEAFOOD', groupName: { en: 'Frozen Seafood', zh: '冷冻海鲜', ar: 'مأكولات بحرية مجمدة' }, sortOrder: 3 },
  { groupCode: 'DRIED-FOOD', groupName: { en: 'Dried Food', zh: '干货', ar: 'أطعمة مجففة' }, sortOrder: 4 },
  { groupCode: 'PANTRY', groupName: { en: 'Sauces & Pantry', zh: '酱料及杂货', ar: 'صلصات ومؤن' }, sortOrder: 5 },
];

type LineSpec = [code: string, group: string, en: string, zh: string, ar: string, art: LineArt, bg: string, ink: string, blurbEn: string, blurbZh: string, blurbAr: string];

const LINE_SPECS: LineSpec[] = [
  ['PORK-CUTS', 'FRESH-PORK', 'Pork Belly & Cuts', '五花肉及切件', 'بطن الخنزير وقطع اللحم', 'slab', '#fde4e1', '#b3261e',
    'Cut every morning at our central butchery and delivered chilled to the outlet.', '每天早上在中央肉品厂切割，冷藏送达门市。', 'يُقطَّع كل صباح في ملحمتنا المركزية ويصل مبرّدًا إلى الفرع.'],
  ['PORK-MINCE', 'FRESH-PORK', 'Minced Pork', '猪肉碎', 'لحم خنزير مفروم', 'mince', '#fbe3ea', '#a52a4a',
    'Freshly minced in small batches, ideal for stir-fries, soups and dumplings.', '小批量新鲜绞制，适合炒菜、煮汤和包饺子。', 'يُفرم طازجًا على دفعات صغيرة، مثالي للقلي السريع والحساء والزلابية.'],
  ['PORK-RIBS', 'FRESH-PORK', 'Ribs & Bones', '排骨及猪骨', 'أضلاع وعظام', 'ribs', '#fbe8dc', '#a4471c',
    'Meaty ribs and bones for bak kut teh, soups and braises.', '肉多骨香，适合肉骨茶、煲汤和红烧。', 'أضلاع وعظام غنية باللحم لحساء باك كوت تيه والشوربات والأطباق المطهوة ببطء.'],
  ['PORK-OFFAL', 'FRESH-PORK', 'Pork Offal', '猪杂', 'أحشاء الخنزير', 'offal', '#f6e0dc', '#8c2f24',
    'Cleaned and trimmed by hand, ready for porridge, soups and noodles.', '人工清洗整理，适合煮粥、煲汤和煮面。', 'منظّفة ومشذّبة يدويًا، جاهزة للعصيدة والحساء والنودلز.'],
  ['DUMPLINGS', 'FROZEN-FOOD', 'Dumplings & Buns', '饺子及包点', 'زلابية وكعك محشو', 'dumpling', '#fdf1d8', '#a86a00',
    'Hand-folded and frozen straight away; cook from frozen in minutes.', '手工包制后立即冷冻，无需解冻，几分钟即可煮熟。', 'تُطوى يدويًا وتُجمَّد فورًا؛ تُطهى مجمّدة في دقائق.'],
  ['BALLS', 'FROZEN-FOOD', 'Meatballs & Fishballs', '肉丸及鱼丸', 'كرات اللحم والسمك', 'balls', '#fff3d6', '#9a6b00',
    'Springy balls and cakes for steamboat, noodle soups and yong tau foo.', '弹牙爽口，适合火锅、汤面和酿豆腐。', 'كرات وأقراص طرية مرنة للهوت بوت وحساء النودلز ويونغ تاو فو.'],
  ['MARINATED', 'FROZEN-FOOD', 'Marinated & Ready to Cook', '腌制即煮', 'متبّل وجاهز للطهي', 'skewer', '#fde8d4', '#b4500e',
    'Marinated to family recipes; pan-fry, grill or air-fry straight from the pack.', '按家传配方腌制，开包即可煎、烤或气炸。', 'متبّلة بوصفات عائلية؛ تُقلى أو تُشوى أو تُطهى في المقلاة الهوائية مباشرة من العبوة.'],
  ['PRAWNS', 'FROZEN-SEAFOOD', 'Frozen Prawns', '冷冻虾', 'روبيان مجمد', 'prawn', '#ffe5dc', '#c2410c',
    'Frozen at the landing port to lock in sweetness.', '在渔港即时冷冻，保留鲜甜。', 'مجمّد في ميناء الصيد ليحتفظ بحلاوته.'],
  ['FISH', 'FROZEN-SEAFOOD', 'Fish Fillets & Steaks', '鱼片及鱼块', 'شرائح وقطع السمك', 'fish', '#dff0f7', '#1d5f82',
    'Cleaned, portioned and individually frozen.', '已清洗分切，独立冷冻包装。', 'منظّف ومقطّع ومجمّد قطعةً قطعة.'],
  ['SQUID', 'FROZEN-SEAFOOD', 'Squid & Shellfish', '苏东及贝类', 'حبار ومحار', 'squid', '#e3eefa', '#2b5797',
    'Cleaned squid and shellfish, frozen fresh for quick weeknight cooking.', '已清洗的苏东和贝类，新鲜冷冻，平日快煮好帮手。', 'حبار ومحار منظّف، مجمّد طازجًا لطهي سريع في أيام الأسبوع.'],
  ['MUSHROOMS', 'DRIED-FOOD', 'Dried Mushrooms & Fungus', '香菇及菌类', 'فطر وفطريات مجففة', 'mushroom', '#efe7dc', '#6b4a2b',
    'Sun-dried and hand-graded; soak before cooking for the best aroma.', '日晒风干，人工分级；烹煮前浸泡，香气更浓。', 'مجفف تحت الشمس ومفرز يدويًا؛ يُنقع قبل الطهي للحصول على أفضل رائحة.'],
  ['ANCHOVY', 'DRIED-FOOD', 'Anchovies & Dried Shrimp', '江鱼仔及虾米', 'أنشوفة وروبيان مجفف', 'anchovy', '#e6eef0', '#3d6470',
    'Dried seafood from Pangkor and Sabah, packed in resealable bags.', '来自邦咯岛和沙巴的海味干货，可重复密封包装。', 'مأكولات بحرية مجففة من بانكور وصباح، في أكياس قابلة لإعادة الإغلاق.'],
  ['SAUSAGE', 'DRIED-FOOD', 'Chinese Sausage & Bak Kwa', '腊肠及肉干', 'نقانق صينية ولحم مجفف', 'sausage', '#fbe1dc', '#9b1c1c',
    'Made in small batches with fresh pork and rose wine.', '以新鲜猪肉和玫瑰露酒小批量制作。', 'يُصنع على دفعات صغيرة من لحم الخنزير الطازج ونبيذ الورد.'],
  ['NOODLES', 'PANTRY', 'Rice & Noodles', '米及面条', 'أرز ونودلز', 'noodles', '#f5f0dc', '#7a6212',
    'Everyday staples for the family kitchen.', '家庭厨房的日常主食。', 'أساسيات يومية لمطبخ العائلة.'],
  ['SAUCES', 'PANTRY', 'Sauces & Condiments', '酱料及调味品', 'صلصات وتوابل', 'bottle', '#ece6f3', '#5b3a8a',
    'Pantry essentials for Malaysian Chinese home cooking.', '马来西亚华人家常料理必备调味品。', 'أساسيات المؤن للطبخ المنزلي الصيني الماليزي.'],
];

export const LINES: LineDef[] = LINE_SPECS.map(([lineCode, groupCode, en, zh, ar, art, bg, ink, blurbEn, blurbZh, blurbAr], i) => ({
  lineCode,
  groupCode,
  lineName: { en, zh, ar },
  lineIcon: `/images/lines/${lineCode}.svg`,
  sortOrder: i + 1,
  art,
  bg,
  ink,
  blurb: { en: blurbEn, zh: blurbZh, ar: blurbAr },
}));

/** Rows for `product_lines` (without the illustration fields). */
export const LINE_ROWS: LineRow[] = LINES.map(({ lineCode, groupCode, lineName, lineIcon, sortOrder }) => ({
  lineCode,
  groupCode,
  lineName,
  lineIcon,
  sortOrder,
}));

export const BRANDS: BrandRow[] = [
  { brandCode: 'XSF', brandName: 'XS Fresh', brandLogo: '/images/brands/XSF.svg' },
  { brandCode: 'AMK', brandName: "Ah Ma's Kitchen", brandLogo: '/images/brands/AMK.svg' },
  { brandCode: 'GBR', brandName: 'Golden Bridge', brandLogo: '/images/brands/GBR.svg' },
  { brandCode: 'OCP', brandName: 'Ocean Pearl', brandLogo: '/images/brands/OCP.svg' },
  { brandCode: 'HVY', brandName: 'Hill Valley', brandLogo: '/images/brands/HVY.svg' },
  { brandCode: 'LWH', brandName: 'Lim Wah Heng', brandLogo: '/images/brands/LWH.svg' },
  { brandCode: 'KHH', brandName: 'Kim Hock Heng', brandLogo: '/images/brands/KHH.svg' },
];

/** Storage and origin notes per group, shown as the product detail. */
const DETAIL: Record<string, { en: string; zh: string; ar: string }> = {
  'FRESH-PORK': { en: 'Keep chilled at 0-4 °C and cook within 2 days, or freeze on the day of purchase. Product of Malaysia.', zh: '请冷藏于0-4°C，两天内烹煮，或于购买当天冷冻。马来西亚出产。', ar: 'يُحفظ مبرّدًا بين 0 و4 درجات مئوية ويُطهى خلال يومين، أو يُجمَّد يوم الشراء. منتج ماليزي.' },
  'FROZEN-FOOD': { en: 'Keep frozen at -18 °C or below. Do not refreeze once thawed. Made in Malaysia.', zh: '请冷冻于-18°C或以下。解冻后请勿再次冷冻。马来西亚制造。', ar: 'يُحفظ مجمّدًا عند 18 درجة مئوية تحت الصفر أو أقل. لا يُعاد تجميده بعد الذوبان. صُنع في ماليزيا.' },
  'FROZEN-SEAFOOD': { en: 'Keep frozen at -18 °C or below. Thaw overnight in the fridge before cooking.', zh: '请冷冻于-18°C或以下。烹煮前放冰箱冷藏室解冻一夜。', ar: 'يُحفظ مجمّدًا عند 18 درجة مئوية تحت الصفر أو أقل. يُذاب في الثلاجة طوال الليل قبل الطهي.' },
  'DRIED-FOOD': { en: 'Store in a cool, dry place away from sunlight. Refrigerate after opening.', zh: '请存放于阴凉干燥处，避免阳光直射。开封后请冷藏。', ar: 'يُحفظ في مكان بارد وجاف بعيدًا عن أشعة الشمس. يُبرَّد بعد الفتح.' },
  PANTRY: { en: 'Store in a cool, dry place. Best before date printed on the pack.', zh: '请存放于阴凉干燥处。最佳食用日期见包装。', ar: 'يُحفظ في مكان بارد وجاف. تاريخ انتهاء الصلاحية مطبوع على العبوة.' },
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Product code for a 1-based row number: 1 -> 'P0001'. */
export const productCode = (n: number) => `P${String(n).padStart(4, '0')}`;

/** Product whose gallery has 7 pictures (gallery arrows need more than 5). */
export const GALLERY_PRODUCT = 'P0001';

export const PRODUCTS: ProductSeed[] = RAW_PRODUCTS.map(([lineCode, en, zh, unit, priceSen, brandCode, flags = ''], i) => {
  const code = productCode(i + 1);
  const line = LINES.find((l) => l.lineCode === lineCode);
  if (!line) throw new Error(`Unknown line ${lineCode} for ${code}`);
  const ar = AR_PRODUCT_NAMES[en];
  if (!ar) throw new Error(`No Arabic name for ${code} ${en}`);
  const rand = mulberry32(hashString(code));
  const onPromotion = rand() < 0.2;
  const discountPct = randInt(rand, 10, 25);
  const finalPriceSen = onPromotion ? discountedPrice(priceSen, discountPct) : priceSen;
  const pictureRoll = rand();
  const pictureCount = code === GALLERY_PRODUCT ? 7 : pictureRoll < 0.08 ? 3 : pictureRoll < 0.2 ? 2 : 1;
  const isFeatured = flags.includes('F');
  const topSales = isFeatured ? randInt(rand, 420, 1500) : Math.floor(rand() ** 2 * 650) + randInt(rand, 0, 9);
  const ageMinutes = randInt(rand, 0, 119) * 1440 + randInt(rand, 0, 1439);
  const recipe = flags.includes('R') ? `https://www.xsfreshmart.com.my/recipes/${slug(en)}` : null;
  const description = {
    en: `${en}, ${unit}. ${line.blurb.en}${recipe ? ` Recipe idea: ${recipe}` : ''}`,
    zh: `${zh}（${unitLabel(unit, 'zh')}）。${line.blurb.zh}${recipe ? ` 食谱：${recipe}` : ''}`,
    ar: `${ar}، ${unitLabel(unit, 'ar')}. ${line.blurb.ar}${recipe ? ` فكرة وصفة: ${recipe}` : ''}`,
  };
  return {
    productCode: code,
    lineCode,
    brandCode,
    productName: { en, zh, ar },
    searchText: productSearchText({ en, zh, ar }),
    productDescription: description,
    productDetail: DETAIL[line.groupCode],
    pictures: Array.from({ length: pictureCount }, (_, n) => `/images/products/${code}-${n + 1}.svg`),
    priceSen,
    finalPriceSen,
    unit,
    isFeatured,
    topSales,
    isActive: true,
    ageMinutes,
  };
});

/** Product codes on promotion (finalPriceSen below priceSen) per group code. */
export function promotedCodes(groupCodes: string[]): string[] {
  const lines = new Set(LINES.filter((l) => groupCodes.includes(l.groupCode)).map((l) => l.lineCode));
  return PRODUCTS.filter((p) => lines.has(p.lineCode) && p.finalPriceSen < p.priceSen).map((p) => p.productCode);
}
