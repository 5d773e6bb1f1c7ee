/**
 * How a request that is not the server's own reaches the built app (./serve.ts): a URL that cannot
 * be decoded is refused with 400, as the Node adapter's standalone handler refused it; a file of the
 * build is answered by ./public-files.ts (ADR 49); a ZH or AR page goes to the app by its path
 * without the language prefix (ADR 50); anything else goes to the app as it came.
 */
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createPublicFiles } from './public-files.ts';
import { unprefixedPage } from '../../i18n/locale-prefix.ts';

/**
 * The Node adapter's handler of the built app (dist/server/entry.mjs, middleware mode). With `next`, a
 * request no route matches is handed to `next` instead of the 404 page; `locals` are the app's
 * `Astro.locals` to start with.
 */
export type AppHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void, locals?: Partial<App.Locals>) => Promise<void>;

/**
 * The entry of the app built in `root` (dist/client's files listed now).
 * @returns a request listener; the app's own failures are answered by the adapter (500)
 */
export function createAppEntry(root: string, handler: AppHandler): (req: IncomingMessage, res: ServerResponse) => void {
  const publicFiles = createPublicFiles(path.join(root, 'dist/client'));
  return (req, res) => {
    try {
      decodeURI(req.url ?? '/');
    } catch {
      res.writeHead(400);
      res.end('Bad request.');
      return;
    }
    if (publicFiles.handle(req, res, () => void handler(req, res))) return;
    // Routed by Astro to the page at once, instead of through the middleware's rewrite (ADR 50); a
    // path no page matches goes the usual way, prefix and all (the 404 page in that language).
    const page = unprefixedPage(req.method, req.url ?? '/');
    if (!page) return void handler(req, res);
    const asked = req.url;
    req.url = page.url;
    const usual = () => {
      req.url = asked;
      void handler(req, res);
    };
    void handler(req, res, usual, { requestPath: page.requestPath });
  };
}
