/**
 * Business constants and limits of the storefront (coverage.md §1, §4, §9), shared by client and server.
 *
 * Units are in the names: `_MS` milliseconds, `_S` seconds, `_SEN` integer sen (RM 1 = 100 sen),
 * `_KM` kilometres, `_BYTES` bytes, `_PX` CSS pixels. Money and rounding live in `money.ts`,
 * product-list paging in `product-list.ts`, points in `points.ts`.
 */

// ── Languages and currency (coverage.md §1, §9) ─────────────────────────────────────────────────────────

/** Storefront languages: English (default), Simplified Chinese, Arabic (right to left). */
export const LOCALES = ['en', 'zh', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Locales written right to left. */
export const RTL_LOCALES: readonly Locale[] = ['ar'];

/** The one real currency (coverage.md §1): Malaysian ringgit. */
export const CURRENCY = { code: 'MYR', symbol: 'RM', name: 'Malaysian Ringgit' } as const;

// ── Network, session and timing (coverage.md §4, §7, §9) ────────────────────────────────────────────────

/** Time-out of most contract calls: 180000 ms (3 minutes). */
export const API_TIMEOUT_MS = 180_000;
/** Login cookie lifetime, "1 month", taken as 30 days, in seconds (for `Max-Age`). */
export const LOGIN_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** Toast auto-close delays (coverage.md §9). */
export const TOAST_DEFAULT_MS = 5_000;
export const TOAST_CART_MS = 2_000;
export const TOAST_FAVOURITES_MS = 3_000;
export const TOAST_ADDRESS_MS = 3_000;
export const TOAST_LOGIN_MS = 3_000;
export const TOAST_LOGOUT_MS = 2_000;

/** Redirect to /login this long after logout. */
export const LOGOUT_REDIRECT_MS = 500;
/** A failed page-chunk load reloads once; the marker guarding it lives this long. */
export const CHUNK_RELOAD_MARKER_MS = 10_000;
/** Quick view waits this long before fetching the product. */
export const QUICK_VIEW_DELAY_MS = 350;
/** A closed modal (delivery method) resets after this delay. */
export const MODAL_RESET_MS = 500;
/** Search suggestions are requested this long after typing stops. */
export const SEARCH_DEBOUNCE_MS = 500;
/** A cart quantity change is sent after this pause. */
export const CART_QUANTITY_DEBOUNCE_MS = 300;
/** Number input: auto-repeat starts after this delay, then repeats at this interval. */
export const NUMBER_INPUT_REPEAT_DELAY_MS = 300;
export const NUMBER_INPUT_REPEAT_INTERVAL_MS = 50;

// ── Pick-up and delivery (coverage.md §4, §5, §9) ───────────────────────────────────────────────────────

/** Stores offered in the delivery-method modal lie within this radius of the shopper, in km. */
export const PICKUP_STORE_RADIUS_KM = 30;
/** The cart's default shipping line (coverage.md §3 Cart, §9 "Default cart shipping line 25 (client default)"): RM 25.00, in sen. */
export const CART_DEFAULT_SHIPPING_SEN = 2_500;
/** The cart's default tax line (coverage.md §3 Cart, §9 "tax 0"), in sen. */
export const CART_DEFAULT_TAX_SEN = 0;
/** A pick-up date may be at most this many calendar months ahead of today (Malaysian time). */
export const MAX_PICKUP_MONTHS = 6;
/** Minutes between offered pick-up times when the settings name none. */
export const DEFAULT_PICKUP_SLOT_MINUTES = 30;

/** Delivery types saved with the delivery method and sent as `order_del_type`. */
export const DELIVERY_TYPES = ['DELIVERY', 'PICKUP'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
/** `store_pickdel` values: a store allows delivery, pick-up, or both (BOTHPD). */
export const STORE_PICKDEL = ['DELIVERY', 'PICKUP', 'BOTHPD'] as const;
export type StorePickDel = (typeof STORE_PICKDEL)[number];

// ── Orders (coverage.md §3, §9) ─────────────────────────────────────────────────────────────────────────

/** `bill_platform` of every order placed on this site. */
export const BILL_PLATFORM = 'website';
/** `action` of an order. */
export const ORDER_ACTION = 'purchase';

// ── Form limits (coverage.md §5, §9) ────────────────────────────────────────────────────────────────────

export const MOBILE_MIN_LENGTH = 2;
export const MOBILE_MAX_LENGTH = 30;
export const NAME_MAX_LENGTH = 100;
export const ADDRESS_LINE_MAX_LENGTH = 100;
export const CITY_MAX_LENGTH = 100;
export const POSTCODE_MAX_LENGTH = 180;
export const REMARK_MAX_LENGTH = 180;
export const PASSWORD_MIN_LENGTH = 6;

/** Profile picture: jpg, jpeg or png, at most 5 MB (5 × 1024 × 1024 bytes). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
/** A request carrying a profile picture: the picture plus 64 KB for the multipart framing (bytes). */
export const PROFILE_IMAGE_MAX_BODY_BYTES = PROFILE_IMAGE_MAX_BYTES + 64 * 1024;

// ── Membership and company facts (coverage.md §1, §9) ───────────────────────────────────────────────────

/** Membership fee RM 3.00, in sen. */
export const MEMBERSHIP_FEE_SEN = 300;
/** Business members qualify with a single receipt of RM 100 or more, in sen. */
export const BUSINESS_MEMBER_MIN_RECEIPT_SEN = 10_000;
/** Year the company was founded; business age = current year − this. */
export const COMPANY_FOUNDED_YEAR = 2007;
export const OUTLET_COUNT = 22;

// ── Reviews and chrome (coverage.md §2, §9) ─────────────────────────────────────────────────────────────

export const REVIEW_RATE_MIN = 0;
export const REVIEW_RATE_MAX = 5;
/** Longest review comment accepted by add_review, in characters. */
export const REVIEW_COMMENT_MAX_LENGTH = 500;
/** Most reviews get_review answers in one page. */
export const REVIEW_PAGE_MAX = 100;
/** Product gallery thumbnails visible at once; arrows appear when there are more. */
export const GALLERY_VISIBLE_THUMBNAILS = 5;
export const BACK_TO_TOP_AFTER_PX = 300;
export const SLIDESHOW_AUTOPLAY_MS = 7_000;
export const SLIDESHOW_TRANSITION_MS = 1_000;
export const SLIDESHOW_SLOW_TRANSITION_MS = 2_500;
