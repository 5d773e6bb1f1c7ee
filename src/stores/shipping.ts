/** Moved: the delivery choice's stores live in src/features/delivery/shipping.ts. */
export { $shipping, isShippingComplete, type Shipping, type ShippingAddress, type ShippingStore } from '../features/delivery/shipping';
