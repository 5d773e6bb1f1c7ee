/**
 * The bench's yardstick (issue "One path from page to database" item 4): a bare `node:http` server
 * that answers fixed bytes from memory, with the headers it is given, and does nothing else. The
 * bench (scripts/lib/bench-measure.mjs `cachedVsStatic`) starts it as its own process on the
 * project's Node, gives it the shop's own answers (a cached product page and a static file, as the
 * shop sent them gzipped) and loads both servers alike, so the ratio shop ÷ bare says how near the
 * shop's origin is to what Node itself can serve on this machine.
 *
 * Run: `node scripts/lib/bare-server.mjs ANSWERS.json PORT`, where ANSWERS.json maps a path to
 * `{ "headers": {…}, "bodyFile": "…" }`. Prints `ready` once listening; an unknown path answers 404.
 */
import fs from 'node:fs';
import http from 'node:http';

const [answersFile, port] = process.argv.slice(2);
/** @type {Map<string, { headers: Record<string, string>, body: Buffer }>} */
const answers = new Map(Object.entries(JSON.parse(fs.readFileSync(answersFile, 'utf8'))).map(([path, a]) => [path, { headers: a.headers, body: fs.readFileSync(a.bodyFile) }]));
http
  .createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
    res.end(answer.body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
