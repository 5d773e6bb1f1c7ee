/**
 * Settings a production server must not start with (README Configuration, "Security"). Production
 * is NODE_ENV=production; `npm start` without it is the local demo, which keeps working with no
 * configuration (its session secret and operators' token are generated into the data folder).
 * scripts/serve.mjs (and so `npm start`) checks these before it listens and exits with code 1.
 */

/** The public development API key of the bundled API: anyone can read it in the README. */
export const DEV_API_KEY = 'xs-local-dev-key';

/** Shortest SESSION_SECRET accepted, in characters. */
export const SESSION_SECRET_MIN = 32;

/**
 * What is unsafe in `env` for production, one message per problem, each naming its variable;
 * empty when all is well or when not in production.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string[]}
 */
export function productionConfigProblems(env) {
  if (env.NODE_ENV !== 'production') return [];
  const problems = [];
  if (!env.XS_API_KEY || env.XS_API_KEY === DEV_API_KEY) {
    problems.push(`XS_API_KEY: set your own API key; the development key ${DEV_API_KEY} is public.`);
  }
  if (env.SESSION_SECRET !== undefined && env.SESSION_SECRET.length < SESSION_SECRET_MIN) {
    problems.push(`SESSION_SECRET: must be at least ${SESSION_SECRET_MIN} characters long (e.g. openssl rand -base64 48).`);
  }
  if (!env.SESSION_SECRET && env.DATABASE_URL) {
    problems.push(`SESSION_SECRET: required on PostgreSQL (DATABASE_URL), the same on every instance, at least ${SESSION_SECRET_MIN} characters.`);
  }
  if (env.COOKIE_SECURE === 'false' && siteIsHttps(env.SITE_URL)) {
    problems.push('COOKIE_SECURE: the login cookie must be Secure when SITE_URL is https; remove COOKIE_SECURE=false.');
  }
  if (env.GEOCODER_URL?.trim() && !isHttps(env.GEOCODER_URL.trim())) {
    problems.push('GEOCODER_URL: must be an https URL (the maps service is sent GEOCODER_KEY and shoppers\' addresses).');
  }
  return problems;
}

function isHttps(url) {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

function siteIsHttps(siteUrl) {
  try {
    return new URL(siteUrl ?? '').protocol === 'https:';
  } catch {
    return false;
  }
}
