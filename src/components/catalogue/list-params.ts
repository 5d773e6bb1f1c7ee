/** A product list's URL (`?sort=…&min=…&max=…&page=…`): the rules live in src/domain/list-url.ts; re-exported here for the catalogue components. */
export { readListParams, pageCount, listHref, type ListParams } from '../../domain/list-url';
