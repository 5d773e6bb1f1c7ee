/** Astro Actions: the browser's door for member-scoped and mutating calls (DESIGN Actions). */
import { cart } from './cart';
import { checkout } from './checkout';
import { delivery } from './delivery';

export const server = { cart, checkout, delivery };
