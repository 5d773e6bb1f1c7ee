/**
 * Two values of the settings (src/server/settings.ts) that code without Node's modules needs too
 * (the edge build's settings, src/edge/config.ts, ADR 35): kept here, apart from the schema.
 */

/** The public development API key of the bundled API: anyone can read it in the README. */
export const DEV_API_KEY = 'xs-local-dev-key';

/** Shortest SESSION_SECRET accepted, in characters. */
export const SESSION_SECRET_MIN = 32;
