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
 * - More than `maxRows` data rows refuses the file (413 `catalogue_import_too_many_rows`) as soon
 *   as the parser reaches the row after the last allowed, so the rest is never held as rows.
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

class TooManyRows extends Error {}

/**
 * The header row and the data rows of a CSV text.
 * @throws ApiError 400 'catalogue_import_syntax' (with `line`), 400 'catalogue_import_empty' (no
 *   header or no data row), 413 'catalogue_import_too_many_rows' beyond `maxRows` data rows.
 */
export function parseCsv(text: string, maxRows: number): { header: string[]; rows: CsvRow[] } {
  let lastLine = 0;
  const parsed: CsvRow[] = [];
  try {
    parse(text.replace(/\r\n?/g, '\n'), {
      relax_column_count: true,
      // Each record is kept here as it is read (and none by the parser: null skips it).
      on_record: (fields, { lines }) => {
        // `lines` is the line the record ends on; it starts on the line after the previous one.
        const line = lastLine + 1;
        lastLine = lines;
        if (fields.some((f) => f.trim() !== '')) {
          if (parsed.length > maxRows) throw new TooManyRows();
          parsed.push({ line, fields });
        }
        return null;
      },
    });
  } catch (err) {
    if (err instanceof TooManyRows) throw new ApiError(413, 'catalogue_import_too_many_rows', { max: maxRows.toLocaleString('en') });
    if (err instanceof CsvError) {
      // The line the broken record starts on (a quote never closed runs to the end of the file).
      const line = lastLine + 1;
      throw new ApiError(400, 'catalogue_import_syntax', { line }, { line });
    }
    throw err;
  }
  if (parsed.length < 2) throw new ApiError(400, 'catalogue_import_empty');
  return { header: [...parsed[0]!.fields], rows: parsed.slice(1) };
}
