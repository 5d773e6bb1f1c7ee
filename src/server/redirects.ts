/** Redirect targets taken from requests: the rule lives in src/domain/paths.ts. */
export { safeRedirectPath } from '../domain/paths';
