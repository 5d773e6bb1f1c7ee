/**
 * Cookie and header names that the server in front of the app must know too
 * (./page-cache.ts, ./private-answers.ts), kept here once and re-exported by the app's own modules.
 */

/** The login cookie (src/server/session.ts): an answer to a request carrying it is never shared (./private-answers.ts). */
export const SESSION_COOKIE = 'xs_session';

/** The one-time message across a redirect (src/server/flash.ts). */
export const FLASH_COOKIE = 'xs_flash';

/**
 * The operators' error drill (src/server/error-drill.ts): a request carrying it is always rendered
 * by the app, never answered from the page cache.
 */
export const ERROR_DRILL_HEADER = 'x-error-drill';
