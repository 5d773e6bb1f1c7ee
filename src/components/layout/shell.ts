/**
 * The page shell's script (BaseLayout.astro): the header (header.ts), its search box (search-box.ts)
 * and language switcher (language-switch.ts), and the floating buttons (floating-actions.ts), in one
 * module so that every page loads them as one cached file rather than one request per component
 * (docs/architecture.md "Pages"; coverage.md §2 chrome). Each part does nothing where its elements
 * are missing.
 */
import { startHeader } from './header';
import { startSearchBox } from './search-box';
import { startFloatingActions } from './floating-actions';
import { startLanguageSwitch } from '../../features/language/ui/language-switch';

/** Starts the shell's parts, in the order the page shows them. */
export function startShell(): void {
  startHeader();
  startSearchBox();
  startLanguageSwitch();
  startFloatingActions();
}
