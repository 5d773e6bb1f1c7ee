/** The products export's text (src/domain/catalogue-export.ts) and the formula rule both ways (src/domain/catalogue-edit.ts). */
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { fromSpreadsheetSafe, spreadsheetSafe } from '../../src/domain/catalogue-edit';
import { PRODUCTS_EXPORT_COLUMNS, productsCsv, type ExportedProduct } from '../../src/domain/catalogue-export';
import { decodeUtf8, parseCsv } from '../../src/server/xs-api/services/catalogue-writes/import-csv';

const product = (over: Partial<ExportedProduct> = {}): ExportedProduct => ({
  product_code: 'P0001', product_name: { en: 'Pork Belly', zh: '五花肉', ar: 'لحم بطن الخنزير' }, line_code: 'PORK-CUTS', group_code: 'FRESH-PORK',
  unit: '500 g', price_sen: 1690, final_price_sen: 1690, visible: true, product_description: null, product_detail: null, ...over,
});

describe('products export', () => {
  it('writes a byte-order mark, the import columns, CRLF, prices in ringgit and a blank promotion when there is none', () => {
    const csv = productsCsv([product(), product({ product_code: 'P0002', final_price_sen: 1290, visible: false })]);
    expect(csv.startsWith(`\uFEFF${PRODUCTS_EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    const [header, first, second] = parse(csv, { bom: true }) as string[][];
    const cell = (row: string[] | undefined, c: string) => row![header!.indexOf(c)];
    expect([cell(first, 'price'), cell(first, 'final_price'), cell(first, 'visible'), cell(first, 'product_name_zh')]).toEqual(['16.90', '', '1', '五花肉']);
    expect([cell(second, 'final_price'), cell(second, 'visible'), cell(second, 'product_description_en')]).toEqual(['12.90', '0', '']);
  });

  it('quotes cells with commas, quotes and line breaks of any kind, and the import reads back what it wrote', () => {
    for (const text of ['Cut "thick", then braise', 'Smoked\nover rambutan wood', 'One\rline', 'Two\r\nlines']) {
      const csv = productsCsv([product({ product_description: { en: text } })]);
      // The import's own reader (line breaks LF, CRLF or CR, as spreadsheets write them).
      const { header, rows } = parseCsv(decodeUtf8(new TextEncoder().encode(csv)), 10);
      expect(rows, JSON.stringify(text)).toHaveLength(1);
      // A line break inside a quoted cell is read as LF.
      expect(rows[0]!.fields[header.indexOf('product_description_en')]).toBe(text.replace(/\r\n?/g, '\n'));
    }
  });

  it('writes a text that would start a formula as text, and reads it back as the text it stands for', () => {
    for (const formula of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx']) {
      expect(spreadsheetSafe(formula)).toBe(`'${formula}`);
      expect(fromSpreadsheetSafe(spreadsheetSafe(formula))).toBe(formula);
    }
    for (const plain of ['Pork', "'quoted", "It's", '']) {
      expect(spreadsheetSafe(plain)).toBe(plain);
      expect(fromSpreadsheetSafe(plain)).toBe(plain);
    }
    const [header, row] = parse(productsCsv([product({ product_name: { en: '=HYPERLINK("http://x","y")' } })]), { bom: true }) as string[][];
    expect(row![header!.indexOf('product_name_en')]).toBe('\'=HYPERLINK("http://x","y")');
  });
});
