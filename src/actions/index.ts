/** Astro Actions: the browser's one door for mutations (docs/architecture.md). Gathers the features' actions. */
import { access } from '../features/access/actions';
import { account } from '../features/account/actions';
import { cart } from '../features/cart/actions';
import { catalogueHq } from '../features/catalogue-hq/actions';
import { checkout } from '../features/checkout/actions';
import { addresses } from '../features/addresses/actions';
import { birthday } from '../features/birthday/actions';
import { delivery } from '../features/delivery/actions';
import { favourites } from '../features/favourites/actions';
import { feedback } from '../features/feedback/actions';
import { feeds } from '../features/feeds/actions';
import { language } from '../features/language/actions';
import { orders } from '../features/orders/actions';
import { payment } from '../features/payment/actions';
import { productPictures } from '../features/product-pictures/actions';
import { push } from '../features/push/actions';
import { catalogueImport } from '../features/catalogue-import/actions';
import { staff } from '../features/staff/actions';
import { vouchers } from '../features/vouchers/actions';

export const server = { access, account, addresses, birthday, cart, catalogueHq, catalogueImport, checkout, delivery, favourites, feedback, feeds, language, orders, payment, productPictures, push, staff, vouchers };
