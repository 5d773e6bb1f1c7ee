/** Routes of coverage.md §7 Access and account. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { unreadNotifications } from '../services/notifications';
import { getCustomer, login, toProfile } from '../services/customers';
import { revokeSession } from '../services/sessions';
import { changePassword, updateProfile } from '../services/profile';
import { storeCustomerPicture } from '../services/pictures';
import { registerCustomer, requestPasswordReset, resetPassword } from '../services/registration';
import { sendPhoneVerification, verifyPhone } from '../services/phone-verification';
import { getLanguage, setLanguage } from '../services/language';
import { getDeliveryMethod, setDeliveryMethod } from '../services/delivery-method';

export function accessRoutes(app: Hono<ApiEnv>) {
  serve(app, op.customer_login, ({ db, body, services, ip }) => login(db, services.loginThrottle, body[0]!.mobile, body[0]!.password, ip));
  serve(app, op.customer_logout, async ({ db, token }) => {
    await revokeSession(db, token!);
    return {};
  });
  serve(app, op.customer_detail, async ({ db, member }) => ({
    data: { ...toProfile(await getCustomer(db, member!)), notification_unread: await unreadNotifications(db, member!) },
  }));
  serve(app, op.update_customer, async ({ db, member, body }) => ({ data: await updateProfile(db, member!, body) }));
  serve(app, op.upload_customer_picture, async ({ db, services, member, body }) => ({
    data: await storeCustomerPicture(db, services.uploadsDir, member!, body.customer_picture),
  }));
  serve(app, op.update_customer_password, async ({ db, services, member, token, body }) => {
    await changePassword(db, services.loginThrottle, member!, token!, body.current_password, body.new_password);
    return {};
  });
  serve(app, op.insert_customer, async ({ db, services, body, locale }) => {
    await registerCustomer(db, services, body, locale);
    return {};
  });
  serve(app, op.retrieve_password_by_SMS, async ({ db, services, params, locale }) => {
    await requestPasswordReset(db, services, params.mobile!, locale);
    return {};
  });
  serve(app, op.reset_password, async ({ db, body }) => {
    await resetPassword(db, body.token, body.password);
    return {};
  });
  serve(app, op.phone_verification, async ({ db, services, params, locale }) => {
    await sendPhoneVerification(db, services, params.phone!, locale);
    return {};
  });
  serve(app, op.verify_phone, async ({ db, body }) => {
    await verifyPhone(db, body.mobile, body.code);
    return {};
  });
  serve(app, op.customer_language, async ({ db, member }) => ({ language: await getLanguage(db, member!) }));
  serve(app, op.update_language, async ({ db, member, body }) => ({ language: await setLanguage(db, member!, body.language) }));
  serve(app, op.customer_delivery_method, async ({ db, member }) => ({ delivery_method: await getDeliveryMethod(db, member!) }));
  serve(app, op.update_delivery_method, async ({ db, member, body }) => ({ delivery_method: await setDeliveryMethod(db, member!, body.delivery_method) }));
}
