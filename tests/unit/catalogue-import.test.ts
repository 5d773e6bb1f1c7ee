/**
 * The point-of-sale CSV import's rules (src/domain/catalogue-import.ts, catalogue-import-diff.ts)
 * and the reading of the file (services/catalogue-writes/import-csv.ts; issue "The chain's own
 * catalogue" §3, ADR 27): the header by column name, each bad cell named by line and column with
 * its message key, HQ's own product and stock rules, and what an import would change.
 */
import { describe, expect, it } from 'vitest';
import { checkHeader, checkProductRows, checkStockRows, IMPORT_VALUE_SHOWN, type ColumnIndex, type CsvRow } from '../../src/domain/catalogue-import';
import { diffProducts, diffStock, stockKey, type ProductState } from '../../src/domain/catalogue-import-diff';
import { decodeUtf8, parseCsv } from '../../src/server/xs-api/services/catalogue-writes/import-csv';
import { ApiError } from '../../src/server/xs-api/errors';

const HEADER = ['product_code', 'product_name_en', 'product_name_zh', 'product_name_ar', 'line_code', 'price', 'final_price', 'unit', 'visible'];
const index = (header: string[]): ColumnIndex => {
  const h = checkHeader('products', header);
  if (!h.ok) throw new Error(JSON.stringify(h));
  return h.index;
};
const REFS = { lineGroups: new Map([['PORK-CUTS', 'FRESH-PORK'], ['PRAWNS', 'FROZEN-SEAFOOD']]), groups: new Set(['FRESH-PORK', 'FROZEN-SEAFOOD']) };
const good = ['P9001', 'Pork Belly', '五花肉', 'بطن الخنزير', 'PORK-CUTS', '15.90', '12.90', '500 g', '1'];
/** Rows at lines 2, 3… from cells, each a copy of `good` with some cells replaced by column name. */
const rowsOf = (...changes: Record<string, string>[]): CsvRow[] => changes.map((c, i) => ({ line: i + 2, fields: HEADER.map((col, j) => c[col] ?? good[j]!) }));
const problemsOf = (changes: Record<string, string>, header = HEADER) =>
  checkProductRows(rowsOf(changes).map((r) => ({ ...r, fields: header.map((c) => r.fields[HEADER.indexOf(c)] ?? changes[c] ?? '') })), index(header), REFS).problems.map((p) => [p.column, p.key]);

describe('the header', () => {
  it('matches columns by name, in any order, case and spaces aside', () => {
    const h = checkHeader('products', [' Visible', ...HEADER.slice(0, 8).reverse(), 'GROUP_CODE', 'product_description_zh']);
    expect(h.ok && h.index).toMatchObject({ visible: 0, product_code: 8, group_code: 9, product_description_zh: 10 });
  });

  it('names missing, unknown and repeated columns', () => {
    expect(checkHeader('products', [...HEADER.filter((c) => c !== 'price' && c !== 'unit'), 'colour', 'line_code', ''])).toEqual({ ok: false, missing: ['price', 'unit'], unknown: ['colour', ''], duplicate: ['line_code'] });
    expect(checkHeader('stock', ['store_code', 'product_code', 'quantity']).ok).toBe(true);
    expect(checkHeader('stock', ['outlet', 'product_code', 'quantity'])).toEqual({ ok: false, missing: ['store_code'], unknown: ['outlet'], duplicate: [] });
  });
});

describe('product rows', () => {
  it('takes a good row: prices in sen, texts trimmed, visible as a flag', () => {
    const r = checkProductRows(rowsOf({ product_name_en: '  Pork Belly ', visible: 'YES' }, { product_code: 'P9002', final_price: '', visible: '0' }), index(HEADER), REFS);
    expect(r.problems).toEqual([]);
    expect(r.rows.map((x) => [x.line, x.product.product_code, x.product.product_name.en, x.product.price_sen, x.product.final_price_sen, x.product.visible])).toEqual([
      [2, 'P9001', 'Pork Belly', 1590, 1290, true],
      [3, 'P9002', 'Pork Belly', 1590, 1590, false],
    ]);
  });

  it('refuses a price that is not ringgit with exactly 2 decimals, or out of range', () => {
    for (const price of ['12.9', '12', '12.905', '1,290.00', 'RM12.90', '-1.00', '12.90.1', '']) expect([price, problemsOf({ price })]).toEqual([price, [['price', 'catalogue_import_price_format']]]);
    expect(problemsOf({ price: '100000.01', final_price: '1.00' })).toEqual([['price', 'catalogue_import_price_range']]);
    expect(problemsOf({ price: '10.00', final_price: '10.01' })).toEqual([['final_price', 'catalogue_final_price_above']]);
    // A bad list price is not also called below the promotional one.
    expect(problemsOf({ price: '9.9', final_price: '10.00' })).toEqual([['price', 'catalogue_import_price_format']]);
  });

  it('refuses formula starts, control characters, bad flags and codes, each in its own column', () => {
    expect(problemsOf({ product_name_en: '=HYPERLINK("http://evil.example","x")' })).toEqual([['product_name_en', 'catalogue_text_formula']]);
    expect(problemsOf({ product_name_ar: ' @SUM(A1)', unit: '+1' })).toEqual([['product_name_ar', 'catalogue_text_formula'], ['unit', 'catalogue_text_formula']]);
    expect(problemsOf({ product_name_zh: 'a\u0000b' })).toEqual([['product_name_zh', 'input_invalid_characters']]);
    expect(problemsOf({ visible: 'maybe' })).toEqual([['visible', 'catalogue_import_visible']]);
    expect(problemsOf({ product_code: 'p 1' })).toEqual([['product_code', 'catalogue_code_invalid']]);
    expect(problemsOf({ product_name_en: '' })).toEqual([['product_name_en', 'catalogue_name_required']]);
    expect(problemsOf({ product_name_en: 'x'.repeat(201) })).toEqual([['product_name_en', 'catalogue_name_max']]);
  });

  it('checks the line and, when given, its group', () => {
    expect(problemsOf({ line_code: 'NOPE' })).toEqual([['line_code', 'catalogue_line_not_found']]);
    const withGroup = [...HEADER, 'group_code'];
    expect(problemsOf({ group_code: 'FRESH-PORK' }, withGroup)).toEqual([]);
    expect(problemsOf({ group_code: 'FROZEN-SEAFOOD' }, withGroup)).toEqual([['group_code', 'catalogue_import_group_mismatch']]);
    expect(problemsOf({ group_code: 'NOPE' }, withGroup)).toEqual([['group_code', 'catalogue_group_not_found']]);
  });

  it('names a product code seen on an earlier line, and a line with the wrong number of fields', () => {
    const rows = [...rowsOf({}, { product_code: 'P9002' }, {}), { line: 9, fields: ['P9003', 'Pork'] }];
    const r = checkProductRows(rows, index(HEADER), REFS);
    expect(r.rows.map((x) => x.line)).toEqual([2, 3]);
    expect(r.problems).toEqual([
      { line: 4, column: 'product_code', value: 'P9001', key: 'catalogue_import_duplicate', params: { key: 'P9001', first: 2 } },
      { line: 9, column: '', value: 'P9003,Pork', key: 'catalogue_import_field_count', params: { count: 2, expected: 9 } },
    ]);
    expect(r.badRows).toBe(2);
  });

  it('counts a row with several bad cells once, and shows long values shortened', () => {
    const long = `=${'x'.repeat(300)}`;
    const r = checkProductRows(rowsOf({ product_name_en: long, price: '1' }), index(HEADER), REFS);
    expect(r.badRows).toBe(1);
    expect(r.problems.map((p) => p.column)).toEqual(['price', 'product_name_en']);
    const shown = r.problems[1]!.value;
    expect([Array.from(shown).length, shown.endsWith('…'), long.startsWith(shown.slice(0, -1))]).toEqual([IMPORT_VALUE_SHOWN, true, true]);
  });
});

describe('stock rows', () => {
  const SIDX = (() => {
    const h = checkHeader('stock', ['store_code', 'product_code', 'quantity']);
    return h.ok ? h.index : {};
  })();
  const refs = { outlets: new Set(['S001', 'S002']), products: new Set(['P0001', 'P0002']) };
  const check = (...rows: string[][]) => checkStockRows(rows.map((fields, i) => ({ line: i + 2, fields })), SIDX, refs);

  it('takes whole quantities from 0, set per outlet and product', () => {
    const r = check(['S001', 'P0001', '24'], ['S002', 'P0001', ' 0 '], ['S001', 'P0002', '+3']);
    expect(r.problems).toEqual([]);
    expect(r.rows.map((x) => x.stock)).toEqual([
      { outlet: 'S001', product_code: 'P0001', quantity: 24 },
      { outlet: 'S002', product_code: 'P0001', quantity: 0 },
      { outlet: 'S001', product_code: 'P0002', quantity: 3 },
    ]);
  });

  it('refuses negative, fractional or missing quantities, unknown outlets and products, and a pair twice', () => {
    const r = check(['S001', 'P0001', '-1'], ['S001', 'P0002', '2.5'], ['S002', 'P0002', 'ten'], ['S009', 'P0001', '1'], ['S002', 'P0404', '1'], ['S002', 'P0001', '1'], ['S002', 'P0001', '2'], ['S001', 'P0001', '1000001']);
    expect(r.problems.map((p) => [p.line, p.column, p.key, p.value])).toEqual([
      [2, 'quantity', 'catalogue_stock_negative', '-1'],
      [3, 'quantity', 'catalogue_stock_invalid', '2.5'],
      [4, 'quantity', 'catalogue_stock_invalid', 'ten'],
      [5, 'store_code', 'catalogue_import_unknown_outlet', 'S009'],
      [6, 'product_code', 'catalogue_import_unknown_product', 'P0404'],
      [8, 'product_code', 'catalogue_import_duplicate', 'P0001'],
      [9, 'quantity', 'catalogue_stock_invalid', '1000001'],
    ]);
    expect(r.rows.map((x) => x.line)).toEqual([7]);
  });
});

describe('what an import changes', () => {
  const now: ProductState = {
    product_name: { en: 'Pork Belly', zh: '五花肉', ar: 'بطن الخنزير' },
    product_description: { en: 'Skin on.', zh: '带皮。' },
    product_detail: null,
    line_code: 'PORK-CUTS',
    unit: '500 g',
    price_sen: 1590,
    final_price_sen: 1290,
    visible: true,
  };
  const rows = (changes: Record<string, string>, header = HEADER) => {
    const r = checkProductRows([{ line: 2, fields: header.map((c) => changes[c] ?? good[HEADER.indexOf(c)] ?? '') }], index(header), REFS);
    expect(r.problems).toEqual([]);
    return r.rows;
  };

  it('tells new, unchanged, changed (with its columns) and hidden apart', () => {
    const existing = new Map([['P9001', now]]);
    expect(diffProducts(rows({ product_code: 'P9009' }), existing).changes.map((c) => c.change)).toEqual(['new']);
    expect(diffProducts(rows({}), existing)).toMatchObject({ changes: [{ change: 'unchanged', columns: [] }], counts: { new: 0, changed: 0, hidden: 0, unchanged: 1 } });
    expect(diffProducts(rows({ price: '16.90', product_name_ar: '' }), existing).changes[0]).toMatchObject({ change: 'changed', columns: ['product_name_ar', 'price'] });
    expect(diffProducts(rows({ visible: '0', unit: '1 kg' }), existing).changes[0]).toMatchObject({ change: 'hidden', columns: ['unit', 'visible'] });
    // Shown again: a change, not "hidden".
    expect(diffProducts(rows({}), new Map([['P9001', { ...now, visible: false }]])).changes[0]).toMatchObject({ change: 'changed', columns: ['visible'] });
  });

  it('leaves texts whose columns the file lacks as they are; a blank cell clears that language', () => {
    const existing = new Map([['P9001', now]]);
    expect(diffProducts(rows({}), existing).changes[0]!.next.product_description).toEqual(now.product_description);
    const header = [...HEADER, 'product_description_zh', 'product_detail_en'];
    const d = diffProducts(rows({ product_description_zh: '', product_detail_en: 'Keep frozen.' }, header), existing).changes[0]!;
    expect(d.next.product_description).toEqual({ en: 'Skin on.' });
    expect(d.next.product_detail).toEqual({ en: 'Keep frozen.' });
    expect(d.columns).toEqual(['product_description_zh', 'product_detail_en']);
    // Applied, the same row changes nothing.
    expect(diffProducts(rows({ product_description_zh: '', product_detail_en: 'Keep frozen.' }, header), new Map([['P9001', d.next]])).changes[0]!.change).toBe('unchanged');
  });

  it('sets stock counts: new, changed, unchanged', () => {
    const stock = [
      { line: 2, stock: { outlet: 'S001', product_code: 'P0001', quantity: 5 } },
      { line: 3, stock: { outlet: 'S001', product_code: 'P0002', quantity: 7 } },
      { line: 4, stock: { outlet: 'S002', product_code: 'P0001', quantity: 0 } },
    ];
    const d = diffStock(stock, new Map([[stockKey('S001', 'P0001'), 5], [stockKey('S001', 'P0002'), 3]]));
    expect(d.changes.map((c) => [c.change, c.before, c.after])).toEqual([
      ['unchanged', 5, 5],
      ['changed', 3, 7],
      ['new', null, 0],
    ]);
    expect(d.counts).toEqual({ new: 1, changed: 1, hidden: 0, unchanged: 1 });
  });
});

describe('reading the file', () => {
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return e instanceof ApiError ? [e.status, e.key, e.params] : e;
    }
    return 'no refusal';
  };
  const bytes = (s: string) => new TextEncoder().encode(s);

  it('reads UTF-8 with or without a byte-order mark, Chinese and Arabic kept', () => {
    expect(decodeUtf8(bytes('\uFEFFa,猪肉,لحم'))).toBe('a,猪肉,لحم');
    expect(decodeUtf8(bytes('a,猪肉'))).toBe('a,猪肉');
  });

  it('refuses bytes that are not UTF-8, naming their line', () => {
    const latin1 = new Uint8Array([...bytes('code,name\nP1,ok\nP2,caf'), 0xe9, ...bytes('\n')]);
    expect(refusal(() => decodeUtf8(latin1))).toEqual([400, 'catalogue_import_encoding', { line: 3 }]);
    expect(refusal(() => decodeUtf8(new Uint8Array([0xff, 0xfe, 0x41, 0x00])))).toEqual([400, 'catalogue_import_encoding', { line: 1 }]);
  });

  it('parses quotes, commas and line breaks in fields, numbering rows by the line they start on', () => {
    const text = 'a,b,c\r\n"1,5","say ""hi""\r\nthere",x\r\n\r\n,,\r\n4,5,6';
    expect(parseCsv(text, 10)).toEqual({
      header: ['a', 'b', 'c'],
      rows: [
        { line: 2, fields: ['1,5', 'say "hi"\nthere', 'x'] },
        { line: 6, fields: ['4', '5', '6'] },
      ],
    });
  });

  it('refuses broken quotes with their line, an empty file, and more rows than allowed', () => {
    expect(refusal(() => parseCsv('a,b\n1,2\n3,"x\n4,5\n', 10))).toEqual([400, 'catalogue_import_syntax', { line: 3 }]);
    expect(refusal(() => parseCsv('a,b\n1,x"y"\n', 10))).toEqual([400, 'catalogue_import_syntax', { line: 2 }]);
    expect(refusal(() => parseCsv('', 10))).toEqual([400, 'catalogue_import_empty', {}]);
    expect(refusal(() => parseCsv('a,b\n\n', 10))).toEqual([400, 'catalogue_import_empty', {}]);
    expect(parseCsv('a\n1\n2\n3\n', 3).rows).toHaveLength(3);
    // A spreadsheet's trailing rows of empty cells do not count.
    expect(parseCsv(`a,b\n1,2\n3,4\n5,6\n${',\n'.repeat(50)}`, 3).rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(refusal(() => parseCsv('a\n1\n2\n3\n4\n', 3))).toEqual([413, 'catalogue_import_too_many_rows', { max: '3' }]);
  });
});
