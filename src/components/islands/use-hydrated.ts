/**
 * Whether the island has hydrated (its script has taken over the server's HTML).
 *
 * A control rendered by the server but handled by the island's script does nothing until the
 * script runs, and React then puts a controlled input back to its own state: a box a shopper
 * unticks on a slow phone before the script has loaded is ticked again. Such controls render
 * `disabled` until this is true, so an early tap is visibly refused instead of silently undone.
 */
import { useSyncExternalStore } from 'react';

/** Nothing to subscribe to: the value changes once, from the server's snapshot to the client's. */
const subscribeNothing = () => () => {};

/** False in the server's HTML and during hydration; true from the render after it (and in a client-only render). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
