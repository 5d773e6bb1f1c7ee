/** The contract of coverage.md §7: every operation this shop implements, in one registry. */
import * as access from './access';
import * as addresses from './addresses';
import * as catalogue from './catalogue';
import * as cart from './cart';
import * as stores from './stores';
import * as orders from './orders';
import * as content from './content';
import * as reviews from './reviews';
import * as favourites from './favourites';
import * as vouchers from './vouchers';
import * as points from './points';
import * as payments from './payments';
import * as ops from './ops';
import * as staff from './staff';
import * as notifications from './notifications';
import * as feedback from './feedback';
import * as purchases from './purchases';
import * as catalogueWrites from './catalogue-writes';
import * as productPictures from './product-pictures';
import * as catalogueHq from './catalogue-hq';
import * as push from './push';

export * from './operation';
export * from './access';
export * from './addresses';
export * from './catalogue';
export * from './cart';
export * from './stores';
export * from './orders';
export * from './content';
export * from './reviews';
export * from './favourites';
export * from './vouchers';
export * from './points';
export * from './payments';
export * from './ops';
export * from './staff';
export * from './notifications';
export * from './feedback';
export * from './purchases';
export * from './catalogue-writes';
export * from './product-pictures';
export * from './catalogue-hq';
export * from './push';

export const operations = {
  customer_login: access.customerLogin,
  customer_logout: access.customerLogout,
  customer_detail: access.customerDetail,
  update_customer: access.updateCustomer,
  update_customer_password: access.updateCustomerPassword,
  upload_customer_picture: access.uploadCustomerPicture,
  insert_customer: access.insertCustomer,
  retrieve_password_by_SMS: access.retrievePasswordBySms,
  reset_password: access.resetPassword,
  phone_verification: access.phoneVerification,
  verify_phone: access.verifyPhone,
  customer_language: access.customerLanguage,
  update_language: access.updateLanguage,
  customer_delivery_method: access.customerDeliveryMethod,
  update_delivery_method: access.updateDeliveryMethod,
  state_listing: addresses.stateListing,
  address_listing: addresses.addressListing,
  address_detail: addresses.addressDetail,
  add_address: addresses.addAddress,
  update_address: addresses.updateAddress,
  delete_address: addresses.deleteAddress,
  productline_listing: catalogue.productlineListing,
  get_prdtgroupline_listing: catalogue.prdtgrouplineListing,
  product_listing: catalogue.productListing,
  product_detail: catalogue.productDetail,
  sitemap_listing: catalogue.sitemapListing,
  get_review: reviews.getReview,
  add_review: reviews.addReview,
  get_cart: cart.getCart,
  add_cart: cart.addCart,
  clear_cart: cart.clearCart,
  buy_again: cart.buyAgain,
  favorite_listing: favourites.favoriteListing,
  add_favorite: favourites.addFavorite,
  delete_favorite: favourites.deleteFavorite,
  pickup_store_listing: stores.pickupStoreListing,
  self_pickup_min_time: stores.selfPickupMinTime,
  self_pickup_time_range: stores.selfPickupTimeRange,
  nearest_store: stores.nearestStore,
  count_store_distance: stores.countStoreDistance,
  locate_place: stores.locatePlaceOperation,
  delivery_charges: stores.deliveryCharges,
  add_order: orders.addOrder,
  order_listing: orders.orderListing,
  order_detail: orders.orderDetail,
  get_update_order_status_paid_sandbox_url: payments.sandboxPayment.payNow,
  get_update_order_status_paid_stripe_url: payments.stripePayment.payNow,
  payment_request_sandbox: payments.sandboxPayment.state,
  payment_request_stripe: payments.stripePayment.state,
  update_order_status_paid: payments.updateOrderStatusPaid,
  update_order_status_cancelled: orders.updateOrderStatusCancelled,
  update_order_status_comment: orders.updateOrderStatusComment,
  update_pickup_datetime: orders.updatePickupDatetime,
  update_ecom_bill_detail_header: orders.updateEcomBillDetailHeader,
  print_customer_bill: orders.printCustomerBill,
  notification_listing: notifications.notificationListing,
  update_notification_read: notifications.updateNotificationRead,
  add_feedback: feedback.addFeedback,
  mobile_ecommerce_header_banner: content.headerBannerListing,
  get_promotion_banner: content.getPromotionBanner,
  get_promotion_detail: content.getPromotionDetail,
  brand_listing: content.brandListing,
  company_contact: content.companyContact,
  get_reach_us: content.getReachUs,
  voucher_detail: vouchers.voucherDetail,
  member_voucher: vouchers.memberVoucherListing,
  expiry_voucher: vouchers.expiryVoucherListing,
  validate_product_voucher: vouchers.validateProductVoucher,
  get_voucher: vouchers.getVoucher,
  redeem_voucher_listing: vouchers.redeemableVoucherListing,
  points_history: points.pointsHistory,
  points_history_detail: points.pointsHistoryDetail,
  get_purchase_history_data: purchases.getPurchaseHistoryData,
  view_purchase_item_bybill: purchases.viewPurchaseItemBybill,
  print_offline_bill: purchases.printOfflineBill,
  ops_order_listing: ops.opsOrderListing,
  ops_pickups: ops.opsPickups,
  ops_order_status: ops.opsOrderStatus,
  ops_order_cancel: ops.opsOrderCancel,
  ops_expire_unpaid: ops.opsExpireUnpaid,
  ops_reconcile_payments: ops.opsReconcilePayments,
  ops_sms_outbox: ops.opsSmsOutbox,
  ops_board: ops.opsBoard,
  ops_order_detail: ops.opsOrderDetail,
  ops_order_handover: ops.opsOrderHandover,
  ops_order_short_pick: ops.opsOrderShortPick,
  ops_capacity: ops.opsCapacity,
  ops_capacity_set: ops.opsCapacitySet,
  staff_login: staff.staffLogin,
  staff_logout: staff.staffLogout,
  staff_me: staff.staffMe,
  staff_language: staff.staffLanguage,
  staff_add: staff.staffAdd,
  staff_list: staff.staffList,
  staff_disable: staff.staffDisable,
  staff_reset_password: staff.staffResetPassword,
  ops_product_create: catalogueWrites.opsProductCreate,
  ops_product_update: catalogueWrites.opsProductUpdate,
  ops_product: catalogueWrites.opsProductGet,
  ops_product_history: catalogueWrites.opsProductHistory,
  ops_stock_set: catalogueWrites.opsStockSet,
  ops_group_save: catalogueWrites.opsGroupSave,
  ops_line_save: catalogueWrites.opsLineSave,
  ops_header_banner_save: catalogueWrites.opsHeaderBannerSave,
  ops_header_banner_remove: catalogueWrites.opsHeaderBannerRemove,
  ops_promotion_banner_save: catalogueWrites.opsPromotionBannerSave,
  ops_promotion_banner_remove: catalogueWrites.opsPromotionBannerRemove,
  ops_integration_token_issue: catalogueWrites.opsIntegrationTokenIssue,
  ops_integration_token_list: catalogueWrites.opsIntegrationTokenList,
  ops_integration_token_revoke: catalogueWrites.opsIntegrationTokenRevoke,
  pos_stock: catalogueWrites.posStock,
  ops_import_products: catalogueWrites.opsImportProducts,
  ops_import_stock: catalogueWrites.opsImportStock,
  ops_product_picture_add: productPictures.opsProductPictureAdd,
  ops_product_picture_order: productPictures.opsProductPictureOrder,
  ops_product_picture_remove: productPictures.opsProductPictureRemove,
  ops_product_list: catalogueHq.opsProductList,
  ops_product_stock: catalogueHq.opsProductStock,
  ops_catalogue_structure: catalogueHq.opsCatalogueStructure,
  ops_banner_list: catalogueHq.opsBannerList,
  ops_export_products: catalogueHq.opsExportProducts,
  push_public_key: push.pushPublicKey,
  push_subscribe: push.pushSubscribe,
  push_unsubscribe: push.pushUnsubscribe,
  back_in_stock_request: push.backInStockRequest,
  back_in_stock_status: push.backInStockStatus,
  back_in_stock_cancel: push.backInStockCancel,
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
