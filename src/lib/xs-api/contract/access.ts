/**
 * Access and account operations (coverage.md §7 Access and account). The bodies of customer_login,
 * insert_customer and reset_password are the domain's form rules (src/domain/validation.ts), so the
 * shop's forms and the API check one rule with one message: their issues carry message keys, which
 * the API answers as `Error` text in the caller's language (src/server/xs-api/http.ts).
 */
import { z } from 'zod';
import { BILL_PLATFORM, DELIVERY_TYPES, LOCALES, PROFILE_IMAGE_MAX_BODY_BYTES, STORE_PICKDEL } from '../../../domain/constants';
import { loginSchema, passwordChangeSchema, passwordConfirmation, passwordResetFields, phoneVerifySchema, profileSchema, registrationFields } from '../../../domain/validation';
import { defineOperation, flag, statusOk } from './operation';

/** Mobile and password (coverage.md §5 Login): the login form's rules. */
export const credentials = loginSchema;

/** The profile (coverage.md §3 Customer / Profile). */
export const profile = z.object({
  member_code: z.string(),
  customer_firstname: z.string(),
  customer_lastname: z.string(),
  customer_mobile: z.string(),
  customer_email: z.string().nullable(),
  customer_picture: z.string().nullable(),
  customer_point: z.number().int(),
  birthday_claimed: flag,
  is_birthday: flag,
  language: z.enum(['en', 'zh', 'ar']),
  /** 1 once the member proved the mobile number with an SMS code; a new registration starts at 0 and cannot order until then. */
  phone_verified: flag,
  /** Unread notifications (coverage.md §3 User state "notification count"), in customer_detail's answer. */
  notification_unread: z.number().int().optional(),
});
export type Profile = z.infer<typeof profile>;

export const customerLogin = defineOperation({
  name: 'customer_login',
  method: 'POST',
  path: 'customer_login',
  member: 'none',
  summary:
    'Log in with mobile and password. Returns the member code and a session token for the Authorization header. After 3 failures for a number (10 for a client IP) within 15 minutes each try waits 1, 2, 4… up to 60 s: 429 with Retry-After.',
  body: z.array(credentials).length(1),
  response: z.object({
    Status: statusOk,
    member_code: z.string(),
    token: z.string(),
    expires_at: z.string(),
    customer_firstname: z.string(),
  }),
});

export const customerLogout = defineOperation({
  name: 'customer_logout',
  method: 'POST',
  path: 'customer_logout/:member',
  member: 'required',
  summary: 'Revoke the calling session (extension of spec §7: logout revokes the session on every instance).',
  body: z.looseObject({}).optional(),
  response: z.object({ Status: statusOk }),
});

export const customerDetail = defineOperation({
  name: 'customer_detail',
  method: 'GET',
  path: 'customer_detail/:member',
  member: 'required',
  summary: 'The member profile.',
  response: z.object({ Status: statusOk, data: profile }),
});

/**
 * Profile update (coverage.md §7 update_customer/{customer}): the member's own first name, last name and
 * email (`profileFields`, coverage.md §5 rules and messages). Mobile, points and picture are not changed
 * here. Answers the updated profile. Errors: 400 with the first rule broken in the caller's language
 * ('First Name is required', field customer_firstname), 401 without a live session, 403 for
 * another member's code in the path.
 */
export const updateCustomer = defineOperation({
  name: 'update_customer',
  method: 'POST',
  path: 'update_customer/:member',
  member: 'required',
  summary: "Update the member's first name, last name and email. Answers the updated profile.",
  body: profileSchema,
  response: z.object({ Status: statusOk, data: profile }),
});

/**
 * Password change (coverage.md §7 update_customer_password/{customer}, §5): current_password,
 * new_password (at least 6), confirm_password (must match). Stores the new argon2id hash and
 * revokes every other session of the member, keeping the calling one. Errors: 400 for a rule
 * broken ('Confirm password does not match', field confirm_password); 400 'The current password is
 * incorrect.' (field current_password) for a wrong current password; 429 with Retry-After while the
 * member's number must wait after wrong passwords (the delay shared with login); 401 without a live session; 403 for
 * another member's code.
 */
export const updateCustomerPassword = defineOperation({
  name: 'update_customer_password',
  method: 'POST',
  path: 'update_customer_password/:member',
  member: 'required',
  summary: "Change the member's password (current, new ≥ 6, confirmation); revokes the member's other sessions.",
  body: passwordChangeSchema,
  response: z.object({ Status: statusOk }),
});

/**
 * Profile picture (coverage.md §7 upload_customer_picture/{customer}, §5, §8, §9): multipart/form-data
 * with one file part `customer_picture`. The picture is judged by its content (its first bytes),
 * never by its file name or the type the client claims: JPEG (jpg, jpeg) or PNG, at most 5 MB
 * (5 242 880 bytes). It is re-encoded (metadata dropped, 512 × 512 px cover crop, WebP), stored
 * under a name the server chooses, and the member's previous picture is removed. Answers the
 * updated profile, `customer_picture` being the picture's path on the shop ('/uploads/<32 hex>.webp').
 * Errors: 413 'Maximum file size accepted is 5MB' (a larger file, or a request body over 5 MB +
 * 64 KB, refused before it is read); 415 'Only accept file type with jpg,jpeg and png format.';
 * 422 for a JPEG or PNG that cannot be decoded (truncated, corrupt); 400 without the file part or
 * for a body that is not multipart; 401 without a live session; 403 for another member's code.
 * The API authenticates by headers, so the site's cross-site form check (src/server/site-origin.ts)
 * does not apply: an HTTP client needs no `Origin` header.
 */
export const uploadCustomerPicture = defineOperation({
  name: 'upload_customer_picture',
  method: 'POST',
  path: 'upload_customer_picture/:member',
  member: 'required',
  summary: "Upload the member's profile picture (multipart, part customer_picture: JPEG or PNG by content, at most 5 MB). Answers the updated profile.",
  body: z.object({ customer_picture: z.file({ error: 'field_required' }).min(1, 'field_required') }),
  multipart: { maxBodyBytes: PROFILE_IMAGE_MAX_BODY_BYTES, tooLarge: 'image_size' },
  response: z.object({ Status: statusOk, data: profile }),
});

/**
 * Registration (coverage.md §7 insert_customer): the form's fields (`registrationFields`: coverage.md §5 rules and
 * messages, a Malaysian mobile number) plus bill_platform 'website'; confirm_password is optional
 * here and must match when sent. The answer never carries an Error field on success, and it is the
 * same `{ Status: 1 }` whether the number was new or already a member's, after the same work (an
 * argon2id hash of the password and of a code): the outcome goes to the number by SMS, a 6-digit
 * verification code for a new member (who starts unverified, `phone_verified` 0), or "you already
 * have an account; reset your password" with the reset page's address for an existing one.
 * Errors: 400 with the first rule broken ('Invalid request: customer_mobile: Value entered is
 * invalid'); 429 'too_many_sms_requests' after 3 text messages to the number within 15 minutes.
 */
export const insertCustomer = defineOperation({
  name: 'insert_customer',
  method: 'POST',
  path: 'insert_customer',
  member: 'none',
  summary: 'Register a member (bill_platform=website). The same Status 1 for a new and a registered number; the outcome goes by SMS (a verification code, or a note that the number already has an account).',
  body: z
    .object({
      ...registrationFields,
      confirm_password: registrationFields.confirm_password.optional(),
      bill_platform: z.literal(BILL_PLATFORM),
    })
    .refine(passwordConfirmation.check, passwordConfirmation.params),
  response: z.object({ Status: statusOk }),
});

/**
 * Forgotten password (coverage.md §7 retrieve_password_by_SMS/{mobile}/{mobile}): sends a reset link by
 * SMS when the number belongs to a member. Always Status 1 for a well-formed Malaysian number (does
 * not reveal membership); 400 otherwise; 429 after 3 requests per number within 15 minutes.
 */
export const retrievePasswordBySms = defineOperation({
  name: 'retrieve_password_by_SMS',
  method: 'POST',
  path: 'retrieve_password_by_SMS/:mobile/:mobile_again',
  member: 'none',
  summary: 'Send a password reset link by SMS (valid 30 minutes). Always Status 1 for a well-formed number; throttled per number.',
  body: z.looseObject({ mobile: z.string().max(30).optional() }).optional(),
  response: z.object({ Status: statusOk }),
});

/**
 * Password reset (coverage.md §7 reset_password): the token from the SMS link and the new password. Revokes
 * every session of the member. 400 'Reset password token is expired. Please send new reset request.'
 * for an unknown, used or expired token.
 */
export const resetPassword = defineOperation({
  name: 'reset_password',
  method: 'POST',
  path: 'reset_password',
  member: 'none',
  summary: 'Set a new password with a reset token from the SMS link; revokes all sessions of the member.',
  body: z
    .object({ ...passwordResetFields, portal_type: z.string().max(50).optional() })
    .refine(passwordConfirmation.check, passwordConfirmation.params),
  response: z.object({ Status: statusOk }),
});

/**
 * Phone verification (coverage.md §7 phone_verification/{phone}): sends a new 6-digit verification code by
 * SMS to a registered number that is not verified yet, replacing any earlier code (valid 10 minutes,
 * 5 tries). Always Status 1 for a well-formed number, sent or not (does not reveal membership);
 * 400 for a malformed number; 429 'too_many_sms_requests' after 3 text messages to the number
 * within 15 minutes.
 */
export const phoneVerification = defineOperation({
  name: 'phone_verification',
  method: 'POST',
  path: 'phone_verification/:phone',
  member: 'none',
  summary: 'Send a new verification code by SMS to a registered, unverified number (replaces the previous code). Always Status 1 for a well-formed number; throttled per number.',
  body: z.looseObject({}).optional(),
  response: z.object({ Status: statusOk }),
});

/**
 * Checking a verification code (extension of coverage.md §7 "otp/verify"): `{ mobile, code }` where code is
 * the 6 digits of the latest SMS. A right code marks the member verified and spends the code.
 * Errors: 400 'verification_code_format' (field code) for anything but 6 digits; 400
 * 'verification_code_invalid' alike for a wrong, expired, replaced or spent code (5 wrong tries spend
 * it) and for a number without a pending code, so the answer tells nothing about membership.
 */
export const verifyPhone = defineOperation({
  name: 'verify_phone',
  method: 'POST',
  path: 'verify_phone',
  member: 'none',
  summary: 'Check the 6-digit SMS code of a number (10 minutes, 5 tries); marks the member verified. One 400 answer for a wrong, expired or spent code and for an unknown number.',
  body: phoneVerifySchema,
  response: z.object({ Status: statusOk }),
});

/** One of the shop's languages (coverage.md §1, §9: en, zh, ar); anything else answers 400 'language_invalid'. */
export const language = z.enum(LOCALES, { error: 'language_invalid' });

/**
 * The member's language (coverage.md §7 customer_language/{customer}, §1 "stored by the member's
 * profile"): `{ Status: 1, language }`. 401 without a live session, 403 for another member's code.
 */
export const customerLanguage = defineOperation({
  name: 'customer_language',
  method: 'GET',
  path: 'customer_language/:member',
  member: 'required',
  summary: "The member's language (en, zh or ar).",
  response: z.object({ Status: statusOk, language }),
});

/**
 * Stores the member's language (coverage.md §7 update_language/{customer}: success when Status is 1):
 * body `{ language }`, one of en, zh, ar. Errors: 400 'language_invalid' (field language) for any
 * other value; 401 without a live session; 403 for another member's code.
 */
export const updateLanguage = defineOperation({
  name: 'update_language',
  method: 'POST',
  path: 'update_language/:member',
  member: 'required',
  summary: "Store the member's language (en, zh or ar); 400 for any other value.",
  body: z.object({ language }),
  response: z.object({ Status: statusOk, language }),
});

/**
 * The member's delivery method as the shop saves it (coverage.md §3 "Delivery method (saved per user):
 * type, store, address, date, time"; §4 Delivery method modal): the chosen outlet as the store
 * listing gave it, the address the outlets were looked up from (null after a current-location
 * look-up), the state of that address, and for a pick-up the date (YYYY-MM-DD) and time (HH:mm).
 * The storefront keeps the same shape in the browser (src/features/delivery/choice.ts) and checks
 * what it reads back against it.
 */
export const deliveryMethodShape = z.object({
  type: z.enum(DELIVERY_TYPES),
  store: z.object({
    store_code: z.string().max(30),
    store_no: z.string().regex(/^[A-Za-z0-9_-]{1,20}$/),
    store_name: z.string().max(200),
    store_address: z.string().max(255),
    store_phone: z.string().max(50),
    store_pickdel: z.enum(STORE_PICKDEL),
    distance_km: z.number().nonnegative().nullable(),
  }),
  address: z
    .object({
      add_id: z.number().int(),
      add_person: z.string().max(100),
      add_address1: z.string().max(255),
      add_address2: z.string().max(255),
      add_city: z.string().max(100),
      add_postcode: z.string().max(180),
      add_state: z.string().max(100),
      add_phone: z.string().max(50),
    })
    .nullable(),
  state: z.string().max(100),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  time: z.string().regex(/^\d{2}:\d{2}$/).optional(),
});
export type DeliveryMethod = z.infer<typeof deliveryMethodShape>;

/**
 * The member's saved delivery method (coverage.md §3 "saved per user": a member who logs in on a second
 * device finds it). The spec names no path; this one is the shop's own, after customer_language.
 * `{ Status: 1, delivery_method }`, null until the member first chooses one. 401 without a live
 * session, 403 for another member's code.
 */
export const customerDeliveryMethod = defineOperation({
  name: 'customer_delivery_method',
  method: 'GET',
  path: 'customer_delivery_method/:member',
  member: 'required',
  summary: "The member's saved delivery method (type, store, address, state, pick-up date and time), null before the first choice.",
  response: z.object({ Status: statusOk, delivery_method: deliveryMethodShape.nullable() }),
});

/**
 * Saves the member's delivery method (coverage.md §3, §4: the modal's Delivery or pick-up save): body
 * `{ delivery_method }`, or `{ delivery_method: null }` to forget it. The outlet must be an active
 * outlet that offers the method (store_pickdel), else 400 'store_method_unavailable' (the rule
 * add_order applies). Answers what was stored. 401 without a live session, 403 for another
 * member's code; the shop's own path, like customer_delivery_method.
 */
export const updateDeliveryMethod = defineOperation({
  name: 'update_delivery_method',
  method: 'POST',
  path: 'update_delivery_method/:member',
  member: 'required',
  summary: "Save the member's delivery method (or null to forget it); 400 when the outlet is unknown or does not offer the method.",
  body: z.object({ delivery_method: deliveryMethodShape.nullable() }),
  response: z.object({ Status: statusOk, delivery_method: deliveryMethodShape.nullable() }),
});
