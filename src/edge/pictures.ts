/**
 * The edge build's `src/server/xs-api/services/pictures.ts` as the storefront uses it (ADR 35):
 * members' profile pictures are files of the Node shop (UPLOADS_DIR); the worker reads one from
 * the API's origin (`<origin>/uploads/<name>`), with the same check of the name first.
 */
import { remoteApiBase } from '../server/remote-api';
import { config } from './config';

/** The pictures' content type (as on Node). */
export const PICTURE_CONTENT_TYPE = 'image/webp';
/** A server-made picture name: 32 hex digits and .webp. */
export const PICTURE_FILE_NAME = /^[0-9a-f]{32}\.webp$/;

/** The picture's bytes from the API's origin, or null for a name not ours or a picture not there. `_uploadsDir` is not used at the edge. */
export async function readPicture(_uploadsDir: string, name: string): Promise<Uint8Array | null> {
  const remote = remoteApiBase(config.xsApiUrl);
  if (!remote || !PICTURE_FILE_NAME.test(name)) return null;
  const res = await fetch(new URL(`/uploads/${name}`, remote.origin)).catch(() => null);
  return res?.ok ? new Uint8Array(await res.arrayBuffer()) : null;
}
