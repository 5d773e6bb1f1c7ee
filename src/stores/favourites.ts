/**
 * The member's favourites (coverage.md §3 User state: "the favourites result is saved into user state";
 * §4 Favourites) and the quick-view state (coverage.md §3 Quick view state: open flag and current product).
 * Framework-free nanostores shared by the header, the favourite toggles, the favourites page and
 * the quick view. Never written on the server.
 */
import { atom } from 'nanostores';

/** Product codes the member has as favourites; undefined until /api/me has answered, empty for a guest. */
export const $favourites = atom<readonly string[] | undefined>(undefined);

/** Quick view: whether the overlay is open and the product it shows (or is loading). */
export const $quickView = atom<{ open: boolean; product: string | null }>({ open: false, product: null });
