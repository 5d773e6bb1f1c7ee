/**
 * What the Node shop and the worker agree on for purging the pages cached at the edge (ADR 36,
 * README "At the edge (Cloudflare Workers)"): the worker's purge address and what a purge request
 * may carry. No Node module here: the edge build imports it too.
 *
 * A purge request is `POST EDGE_PURGE_PATH` on the worker's origin with
 * `Authorization: Bearer <EDGE_PURGE_TOKEN>` and the JSON body `{"tags": ["product:P0001", …]}`:
 * 1 to PURGE_TAGS_MAX tags of the pages' Cache-Tag vocabulary (src/server/cache.ts `pageTags`).
 */

/** The worker's path that purges pages by tag. */
export const EDGE_PURGE_PATH = '/_edge/purge';

/** Most tags in one purge request (a longer list is sent as several requests). */
export const PURGE_TAGS_MAX = 100;

/** Largest purge request body accepted by the worker, in bytes. */
export const PURGE_BODY_MAX_BYTES = 64 * 1024;

/**
 * A cache tag as the platform accepts it in `Cache-Tag`: 1 to 1,024 printable ASCII characters,
 * without spaces or commas (commas separate tags in the header).
 */
export const PURGE_TAG = /^[\x21-\x2b\x2d-\x7e]{1,1024}$/;

/** Shortest EDGE_PURGE_TOKEN accepted, in characters (the worker's and the Node shop's). */
export const EDGE_PURGE_TOKEN_MIN = 32;
