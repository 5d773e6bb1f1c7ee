/**
 * Product structured data (schema.org Product) for the product page: name, code, pictures,
 * description, the offer (final price rounded to 0.05, MYR, stock) and, when there are reviews,
 * aggregateRating (ratingValue out of 5 to 1 decimal, reviewCount). Pure; money in sen.
 */
import type { ProductDetailView } from './view-models';
import { formatAmount, roundToFiveSen } from '../../domain/money';
import { CURRENCY } from '../../domain/constants';

/**
 * The JSON-LD object. `pageUrl` is the absolute address of the product page; picture paths are
 * made absolute against `origin`; `rating` is { average, count } of the product's reviews;
 * `description` is the plain-text description (src/server/description-html.ts `descriptionText`).
 * Example: priceSen 1693 → offers.price '16.95'.
 */
export function productJsonLd(
  product: ProductDetailView,
  opts: { origin: URL | string; pageUrl: string; rating: { average: number; count: number }; description?: string },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.code,
    image: product.pictures.map((p) => new URL(p, opts.origin).href),
    ...(opts.description ? { description: opts.description } : {}),
    offers: {
      '@type': 'Offer',
      url: opts.pageUrl,
      price: formatAmount(roundToFiveSen(product.priceSen)),
      priceCurrency: CURRENCY.code,
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
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
