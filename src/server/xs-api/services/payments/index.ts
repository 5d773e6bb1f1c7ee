/**
 * Payments of orders (issue "Money in" §2; ADR 10): Pay Now, provider events, the member's status
 * poll, reconciliation, the zero-amount confirm, expiry of unpaid orders, and staff cancels with
 * refunds. Each is its own module; the provider is reached only through the adapter boundary
 * (src/server/xs-api/adapters/payment/types.ts).
 */
export { startPayment, type ReturnUrls } from './start';
export { applyPaymentEvent, type EventOutcome, type PaymentFlag } from './events';
export { paymentState, type PaymentState } from './status';
export { reconcileOpenPayments, reconcilePayment } from './reconcile';
export { confirmZeroAmountOrder } from './confirm';
export { expireUnpaidOrders } from './expiry';
export { cancelByOperator, type OperatorCancel } from './refund';
export { orderPayments } from './attempts';
