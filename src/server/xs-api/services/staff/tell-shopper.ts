/**
 * Telling the shopper what staff did to their order (issue "The outlets run the shop" §4): a text
 * message through the SMS adapter (the outbox by default, adapters/sms.ts), in the member's
 * language. The feed notice is written by the status change itself, in its transaction
 * (services/orders/status.ts); this runs after that transaction committed, only for the staff
 * member whose change won, so two staff clicking at once send one message.
 *
 * A message that cannot be sent (the gateway refuses) is logged, never undoes the change: the order
 * page and the feed still tell the shopper.
 */
import { eq } from 'drizzle-orm';
import { normalizeMalaysianPhone, isMalaysianPhone } from '../../../../domain/validation';
import { translate, type MessageKey } from '../../../../i18n/messages';
import type { Db } from '../../db/client';
import { customers, orders } from '../../db/schema';
import type { SmsSender } from '../../adapters/sms';
import { shown } from '../notifications';
import { errorFields, log } from '../../../log';

/** The text messages staff changes send, by message key. */
export type ShopperSms = Extract<MessageKey, 'sms_order_ready' | 'sms_order_delivering' | 'sms_order_short_pick' | 'sms_order_cancelled_by_shop' | 'sms_order_cancelled_unpaid'>;

/**
 * Sends the text `key` with `params` (an `amount_sen` shows as 'RM 12.30') to the member of order
 * `orderRefno`, in their language. Never throws.
 * @returns true when the message was handed to the SMS adapter
 */
export async function textShopper(db: Db, sms: SmsSender, args: { orderRefno: string; key: ShopperSms; params: Record<string, string | number> }): Promise<boolean> {
  try {
    const [member] = await db
      .select({ mobile: customers.mobile, language: customers.language })
      .from(orders)
      .innerJoin(customers, eq(customers.memberCode, orders.memberCode))
      .where(eq(orders.orderRefno, args.orderRefno))
      .limit(1);
    if (!member || !isMalaysianPhone(member.mobile)) return false;
    const text = translate(member.language, args.key, shown({ order_refno: args.orderRefno, ...args.params }, member.language));
    await sms.send(db, normalizeMalaysianPhone(member.mobile), text);
    return true;
  } catch (err) {
    log.error({ ...errorFields(err), event: 'shopper_sms_failed', order_refno: args.orderRefno, key: args.key }, 'a text message to the shopper could not be sent');
    return false;
  }
}
