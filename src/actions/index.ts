/** Astro Actions: the browser's one door for mutations (DESIGN). Gathers the features' actions. */
import { access } from '../features/access/actions';
import { cart } from './cart';
import { checkout } from '../features/checkout/actions';
import { delivery } from './delivery';

export const server = { access, cart, checkout, delivery };
