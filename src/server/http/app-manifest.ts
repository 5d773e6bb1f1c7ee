/**
 * The shop as an installable app (ADR 31, README "Installing the shop and using it offline"): what
 * every language's web app manifest says, the icons it names, and the service worker's address.
 * Read by the manifest endpoint (src/pages/manifest.webmanifest.ts), by the build step that makes
 * the icons and the worker (astro.config.mjs `xs-installable`) and by the server (./serve.ts).
 */

/** The browser bar's and the installed app's colour (BaseLayout's `theme-color`). */
export const THEME_COLOR = '#c81e1e';
/** The splash screen's background while the app starts. */
export const BACKGROUND_COLOR = '#ffffff';

/** The service worker's address: at the root, so its scope is the whole shop. */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * The app's icons, made at build time from the shop's logo (public/images/logo.svg) into
 * dist/client/icons: `size` in pixels (square PNG); `maskable` icons keep the logo inside the
 * central safe zone on a full-bleed background, for launchers that cut icons into circles or squircles.
 */
export const APP_ICONS: readonly { src: string; size: number; purpose: 'any' | 'maskable' }[] = [
  { src: '/icons/icon-192.png', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', size: 512, purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
  { src: '/icons/apple-touch-icon.png', size: 180, purpose: 'any' },
];

/** The icon a push notification shows (192 px). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';

/** The icon iOS puts on the home screen (it reads `<link rel="apple-touch-icon">`, not the manifest). */
export const APPLE_TOUCH_ICON = '/icons/apple-touch-icon.png';

/**
 * One language's web app manifest (W3C Web Application Manifest). Each language is an app of its
 * own: its home is its start URL and its `id`, its address space (`/`, `/zh`, `/ar`) its scope.
 * `home` is the language's home path ('/', '/zh', '/ar'), `lang` its BCP 47 tag ('zh-Hans');
 * returns the manifest's JSON.
 */
export function appManifest({ lang, dir, home, name, shortName, description }: { locale: 'en' | 'zh' | 'ar'; lang: string; dir: 'ltr' | 'rtl'; home: string; name: string; shortName: string; description: string }): Record<string, unknown> {
  return {
    id: home,
    name,
    short_name: shortName,
    description,
    lang,
    dir,
    start_url: home,
    scope: home,
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['food', 'shopping'],
    icons: APP_ICONS.filter((i) => i.src !== APPLE_TOUCH_ICON).map((i) => ({ src: i.src, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })),
  };
}
