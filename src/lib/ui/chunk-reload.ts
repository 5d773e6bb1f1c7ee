/**
 * One automatic reload after a page chunk fails to load (coverage.md §2 chrome, §9 "Chunk-reload marker
 * 10 s"): after a deploy, a page opened before it may ask for a chunk that is gone; a reload fetches
 * the new page. A marker in sessionStorage (the time of the last such reload, ms since the epoch)
 * keeps it to one reload: another failure within CHUNK_RELOAD_MARKER_MS is left alone, so a chunk
 * that is really broken never loops.
 */
import { CHUNK_RELOAD_MARKER_MS } from '../../domain/constants';

/** The sessionStorage key of the marker. */
export const CHUNK_RELOAD_KEY = 'xs-chunk-reload';

/**
 * Whether to reload now: true unless `marker` (the stored value, a time in ms, or null) names a
 * reload less than `windowMs` before `now` (ms). An unreadable marker counts as none.
 */
export function shouldReloadAfterChunkError(marker: string | null, now: number, windowMs: number = CHUNK_RELOAD_MARKER_MS): boolean {
  const at = Number(marker);
  if (marker === null || marker === '' || !Number.isFinite(at)) return true;
  return now - at >= windowMs || now < at;
}

/** True when `reason` (an error or rejection) is a failed dynamic import or module script. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

let installed = false;

/** Listens for Vite's preload failures and failed dynamic imports and reloads once (see above). Safe to call twice. */
export function installChunkReload(): void {
  if (installed) return;
  installed = true;
  const reloadOnce = (): boolean => {
    try {
      if (!shouldReloadAfterChunkError(sessionStorage.getItem(CHUNK_RELOAD_KEY), Date.now())) return false;
      sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    } catch {
      return false; // storage blocked: without a marker a reload could loop, so do nothing
    }
    location.reload();
    return true;
  };
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && reloadOnce()) event.preventDefault();
  });
}
