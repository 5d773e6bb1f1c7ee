/** The outlet purchases' view models (src/features/purchases/view.ts; coverage.md §2 /account/purchase-history and /{transno}). */
import { describe, expect, it } from 'vitest';
import { toPurchaseBillView, toPurchaseDetailView, toPurchasePrintView } from '../../src/features/purchases/view';

const bill = { transno: 'S001-20260912-0042', trans_date: '2026-09-12', store_code: 'S001', store_name: 'XS Fresh Mart Kepong Baru', bill_amount: 9140, item_count: 2 };

describe('purchase views', () => {
  it('turns amounts into sen and dates into DD/MM/YYYY', () => {
    expect(toPurchaseBillView(bill)).toEqual({
      transno: 'S001-20260912-0042', date: '2026-09-12', dateLabel: '12/09/2026', storeCode: 'S001', storeName: 'XS Fresh Mart Kepong Baru', totalSen: 9140, itemCount: 2,
    });
  });

  it('keeps a date it cannot read as it came', () => {
    expect(toPurchaseBillView({ ...bill, trans_date: '2026-02-30' }).dateLabel).toBe('2026-02-30');
  });

  it('maps the lines of a bill', () => {
    const detail = toPurchaseDetailView({
      ...bill,
      items: [
        { product_code: 'P0001', product_name: 'Pork Belly', product_picture: '/p.webp', product_quantity: 2, product_amount: 3380 },
        { product_code: 'P0099', product_name: 'Old item', product_picture: '', product_quantity: 1, product_amount: 5 },
      ],
    });
    expect(detail.items).toEqual([
      { code: 'P0001', name: 'Pork Belly', picture: '/p.webp', quantity: 2, amountSen: 3380 },
      { code: 'P0099', name: 'Old item', picture: '', quantity: 1, amountSen: 5 },
    ]);
  });

  it('prints the time of the copy in Malaysia and drops empty address lines', () => {
    const print = toPurchasePrintView({
      company: { company_name: 'XS Fresh Mart', company_address1: 'Lot 8', company_address2: '', company_email: 'care@example.my', company_tel: '03-1234' },
      member: { member_code: 'M000001', customer_firstname: 'Mei Ling' },
      printed_at: '2026-11-22T23:04:00.000Z',
      bill: { ...bill, items: [] },
    });
    expect(print).toEqual({
      company: { name: 'XS Fresh Mart', address: ['Lot 8'], email: 'care@example.my', tel: '03-1234' },
      memberCode: 'M000001', memberName: 'Mei Ling', printedAtLabel: '23/11/2026 07:04 am',
    });
  });
});
