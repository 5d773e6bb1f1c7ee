/**
 * Product structured data (schema.org Product) for the product page: name, code, pictures,
 * description, the offer (final price rounded to 0.05, MYR, stock) and, when there are reviews,
 * aggregateRating (ratingValue out of 5 to 1 decimal, reviewCount).
 */
import type { ProductDetail } from '../../lib/xs-api/contract';
import { formatAmount, roundToFiveSen, toSen } from '../../domain/money';

/**
 * The JSON-LD object. `pageUrl` is the absolute address of the product page; picture paths are
 * made absolute against `origin`; `rating` is { average, count } from get_review; `description` is
 * the plain-text description (src/server/description-html.ts `descriptionText`).
 */
export function productJsonLd(
  product: ProductDetail,
  opts: { origin: URL | string; pageUrl: string; rating: { average: number; count: number }; description?: string },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.product_name,
    sku: product.product_code,
    image: product.product_picture.map((p) => new URL(p.picture, opts.origin).href),
    ...(opts.description ? { description: opts.description } : {}),
    offers: {
      '@type': 'Offer',
      url: opts.pageUrl,
      price: formatAmount(roundToFiveSen(toSen(product.final_price))),
      priceCurrency: 'MYR',
      availability: product.product_has_balance === 1 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(opts.rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: opts.rating.average, reviewCount: opts.rating.count, bestRating: 5, worstRating: 0 } }
      : {}),
  };
}

/** JSON for a <script type="application/ld+json"> element: `<` escaped so no text can close the element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
