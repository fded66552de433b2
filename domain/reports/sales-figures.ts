/** The figures a sales report gives for a day, a series or a product, in cents. */
export type SalesFigures = {
  orders: number;
  units: number;
  /** Lines at their price, before any discount. */
  grossCents: number;
  discountCents: number;
  refundCents: number;
  /** Gross − discounts (+ shipping, for days) − refunds. */
  netCents: number;
  /** GST in the net, when the shop is GST-registered. */
  gstCents: number | null;
};

export type DaySales = SalesFigures & { day: string; shippingCents: number };
export type GroupSales = SalesFigures & { key: string; name: string; series: string };

export const NO_SALES: SalesFigures = {
  orders: 0,
  units: 0,
  grossCents: 0,
  discountCents: 0,
  refundCents: 0,
  netCents: 0,
  gstCents: null,
};

/** Two sets of figures added together (days into totals, days of a product into the product). */
export function addSales<T extends SalesFigures>(sum: T, more: SalesFigures): T {
  return {
    ...sum,
    orders: sum.orders + more.orders,
    units: sum.units + more.units,
    grossCents: sum.grossCents + more.grossCents,
    discountCents: sum.discountCents + more.discountCents,
    refundCents: sum.refundCents + more.refundCents,
    netCents: sum.netCents + more.netCents,
    gstCents: sum.gstCents === null && more.gstCents === null ? null : (sum.gstCents ?? 0) + (more.gstCents ?? 0),
  };
}
