/**
 * `npm run ops -- import products|stock FILE [--dry-run]` (scripts/ops.mjs; issue "The chain's own
 * catalogue" §3, ADR 27): sends a point-of-sale CSV file to the running shop's import operation
 * (ops_import_products / ops_import_stock, multipart, as the logged-in HQ member) and prints its
 * report: the bad cells (line, column, value, message in the chosen language), then what changes or
 * would change. Exit 0 when every row is good (a dry run then wrote nothing; otherwise the file was
 * applied), 1 when a row or the file is refused (nothing written), 2 when the shop does not answer.
 * A file over the shop's limit is refused here without being read or sent.
 */
import fs from 'node:fs';
import path from 'node:path';

const API_BASE = '/api/mobile_ecom/xs_api.php';
/** The shop's limit (IMPORT_MAX_BYTES of src/domain/catalogue-import.ts), checked before sending. */
export const IMPORT_MAX_MB = 20;
/** Bad cells and changes printed (the shop lists up to 1,000 of each; --json prints them all). */
const PRINTED = 50;

/** The language of the messages: --lang, else LC_ALL / LANG when Chinese or Arabic, else English. */
export function defaultLanguage(env = process.env) {
  const code = String(env.LC_ALL || env.LANG || '').slice(0, 2).toLowerCase();
  return ['zh', 'ar'].includes(code) ? code : 'en';
}

/** Rows as aligned columns. */
function table(rows, columns) {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells) => cells.map((v, i) => String(v ?? '').padEnd(widths[i])).join('  ').trimEnd();
  return [line(columns), ...rows.map((r) => line(columns.map((c) => r[c])))].join('\n');
}

const plural = (n, one, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The report as an operator reads it. @returns {string} */
export function formatReport(r, file) {
  const out = [];
  const c = r.counts;
  out.push(`${path.basename(file)}: ${plural(r.rows, 'row')} of ${r.kind}${c.bad ? `, ${plural(c.bad, 'bad row')}` : ''}.`);
  if (r.errors.length) {
    out.push('', table(r.errors.slice(0, PRINTED).map((e) => ({ line: e.line, column: e.column || '(line)', value: e.value, problem: e.message })), ['line', 'column', 'value', 'problem']));
    if (r.errors_total > PRINTED) out.push(`… and ${plural(r.errors_total - PRINTED, 'more problem')} (--json lists up to 1,000).`);
  }
  const verb = r.applied ? 'Changed' : 'Would change';
  const hidden = r.kind === 'products' ? `, ${c.hidden.toLocaleString('en')} hidden` : '';
  out.push('', `${verb}: ${c.new.toLocaleString('en')} new, ${c.changed.toLocaleString('en')} changed${hidden}; ${c.unchanged.toLocaleString('en')} unchanged.`);
  if (c.not_in_file) out.push(`${plural(c.not_in_file, 'product')} of the shop ${c.not_in_file === 1 ? 'is' : 'are'} not in the file: left as they are.`);
  // The rows that change, once the file is good (a file with bad rows is fixed first).
  if (r.valid && r.changes.length) {
    const rows = r.changes.slice(0, PRINTED).map((x) => ({ line: x.line, [r.kind === 'products' ? 'product' : 'outlet/product']: x.key, change: x.change, what: r.kind === 'stock' ? `${x.before ?? '–'} → ${x.after}` : x.columns.join(', ') }));
    out.push('', table(rows, Object.keys(rows[0])));
    if (r.changes_total > PRINTED) out.push(`… and ${plural(r.changes_total - PRINTED, 'more change')}.`);
  }
  out.push('', r.applied ? 'Applied in one transaction.' : r.valid ? 'Dry run: nothing was written. Run again without --dry-run to apply.' : 'Nothing was written: correct these rows and import the file again.');
  return out.join('\n');
}

/**
 * Sends `file` to the shop and prints the report.
 * @param {{ kind: 'products' | 'stock', file: string, dryRun: boolean, lang: string, url: string, token: string, apiKey: string, json: boolean }} o
 * @returns {Promise<number>} the exit code
 */
export async function importFile({ kind, file, dryRun, lang, url, token, apiKey, json }) {
  let size;
  try {
    size = fs.statSync(file).size;
  } catch (err) {
    console.error(`Cannot read ${file}: ${err.code ?? err.message}`);
    return 1;
  }
  if (size > IMPORT_MAX_MB * 1024 * 1024) {
    console.error(`${file} is larger than ${IMPORT_MAX_MB} MB (${(size / 1048576).toFixed(1)} MB): split it into smaller files. Nothing was sent.`);
    return 1;
  }
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file, { type: 'text/csv' }), path.basename(file));
  form.append('dry_run', dryRun ? '1' : '0');
  let res;
  try {
    res = await fetch(new URL(`${API_BASE}/ops/catalogue/import_${kind}`, url), { method: 'POST', headers: { 'x-api-key': apiKey, authorization: `Bearer ${token}`, 'accept-language': lang }, body: form });
  } catch (err) {
    console.error(`The shop is not answering at ${url} (${err.cause?.code ?? err.message}). Start it (npm start) or set OPS_URL.`);
    return 2;
  }
  const answer = await res.json().catch(() => ({ Status: 0, Error: `HTTP ${res.status}` }));
  if (json) console.log(JSON.stringify(answer, null, 2));
  // A report (a good file, a dry run, or bad rows refused with 422): printed in full.
  if ('counts' in answer) {
    if (!json) console.log(formatReport(answer, file));
    if (answer.Status !== 1 && !json) console.error(`\n${answer.Error}`);
    return answer.Status === 1 && answer.valid ? 0 : 1;
  }
  if (!json) console.error(`Refused (${res.status}): ${answer.Error}`);
  if (res.status === 401) console.error('Log in first as an HQ member: npm run ops -- login <login>');
  if (res.status === 403) console.error('An import needs an HQ member who is logged in (npm run ops -- login <login>), not the bootstrap token or an outlet account.');
  return 1;
}
