/** Moved: the one error mapping lives in src/features/shared/errors.ts. */
export { viaApi, requireMember } from '../features/shared/errors';
