/** Moved: the delivery choice's cookie lives in src/features/delivery/choice-cookie.ts. */
export { chosenStore, readChoice } from '../features/delivery/choice-cookie';
