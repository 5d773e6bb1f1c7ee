/**
 * Reading a point-of-sale CSV file (issue "The chain's own catalogue" §3; ADR 27): bytes → UTF-8
 * text → a header row and data rows, each with the line of the file it starts on (the header is
 * line 1), parsed by csv-parse (RFC 4180: quoted fields with commas, quotes and line breaks).
 *
 * - UTF-8 with or without a byte-order mark; any byte sequence that is not UTF-8 refuses the file
 *   (400 `catalogue_import_encoding`, naming the first line that has one).
 * - Line breaks LF, CRLF or CR; a line break inside a quoted field is kept as LF.
 * - Lines that are empty or hold only commas and spaces (a spreadsheet's trailing rows) are skipped.
 * - A quote out of place or never closed refuses the file (400 `catalogue_import_syntax` with the
 *   line its record starts on).
 * - More than `maxRows` data rows refuses the file (413 `catalogue_import_too_many_rows`): the
 *   parser stops a little after the last allowed row, so the rest is never held as rows.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { ApiError } from '../../errors';
import type { CsvRow } from '../../../../domain/catalogue-import';

/** The line (1-based) of the first byte sequence of `bytes` that is not UTF-8. */
function badUtf8Line(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let start = 0;
  // 0x0A is never part of a multi-byte UTF-8 character, so lines can be decoded one by one.
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    try {
      decoder.decode(bytes.subarray(start, i));
    } catch {
      return line;
    }
    line++;
    start = i + 1;
  }
  return line;
}

/**
 * The file's text (a leading byte-order mark dropped).
 * @throws ApiError 400 'catalogue_import_encoding' with the line of the first bytes that are not UTF-8.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const line = badUtf8Line(bytes);
    throw new ApiError(400, 'catalogue_import_encoding', { line }, { line });
  }
}

/** Lines of empty cells tolerated beyond the row limit (a spreadsheet's trailing rows). */
const BLANK_ROWS_ALLOWED = 1_000;

const isBlank = (fields: readonly string[]) => fields.every((f) => f.trim() === '');

/**
 * The line a broken record starts on: the text parsed again, counting lines record by record
 * (csv-parse's `on_record` with its line count; slower, so only once a record is known to be broken).
 */
function brokenRecordLine(text: string): number {
  let lastLine = 0;
  try {
    parse(text, {
      relax_column_count: true,
      on_record: (_fields, { lines }) => {
        lastLine = lines;
        return null;
      },
    });
  } catch {
    // Expected: it stops at the broken record.
  }
  return lastLine + 1;
}

/**
 * The header row and the data rows of a CSV text, each row with the line of the file it starts on
 * (counted from the line breaks inside quoted cells: every line of the text is a record or part of
 * one once line breaks are LF).
 * @throws ApiError 400 'catalogue_import_syntax' (with `line`), 400 'catalogue_import_empty' (no
 *   header or no data row), 413 'catalogue_import_too_many_rows' beyond `maxRows` data rows (the
 *   parser stops there, with BLANK_ROWS_ALLOWED lines of empty cells to spare).
 */
export function parseCsv(text: string, maxRows: number): { header: string[]; rows: CsvRow[] } {
  const lf = text.replace(/\r\n?/g, '\n');
  const cap = maxRows + 1 + BLANK_ROWS_ALLOWED;
  let records: string[][];
  try {
    records = parse(lf, { relax_column_count: true, to: cap });
  } catch (err) {
    if (err instanceof CsvError) {
      // The line the broken record starts on (a quote never closed runs to the end of the file).
      const line = brokenRecordLine(lf);
      throw new ApiError(400, 'catalogue_import_syntax', { line }, { line });
    }
    throw err;
  }
  const parsed: CsvRow[] = [];
  let line = 1;
  for (const fields of records) {
    if (!isBlank(fields)) parsed.push({ line, fields });
    line += 1;
    for (const f of fields) for (let i = f.indexOf('\n'); i >= 0; i = f.indexOf('\n', i + 1)) line += 1;
  }
  if (parsed.length > maxRows + 1 || records.length >= cap) throw new ApiError(413, 'catalogue_import_too_many_rows', { max: maxRows.toLocaleString('en') });
  if (parsed.length < 2) throw new ApiError(400, 'catalogue_import_empty');
  return { header: [...parsed[0]!.fields], rows: parsed.slice(1) };
}
