/**
 * Reads for order news on this device (ADR 32): the shop's VAPID public key, which the profile's
 * switch subscribes the browser with. Public (the same for every member).
 */
import { publicApi, type FeatureContext } from '../shared/api';

/** The VAPID public key (base64url), or '' when the API could not give it (the switch then says order news is not available). */
export async function getPushPublicKey(ctx: FeatureContext): Promise<string> {
  try {
    return (await publicApi(ctx.locals.locale, ctx.locals.clientIp).call('push_public_key')).public_key;
  } catch {
    return '';
  }
}
