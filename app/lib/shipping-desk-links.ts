/** The shipping desk's filters as they come in its address: the queue and its pages share them. */
export const SHIPPING_FILTER_NAMES = [
  "from",
  "to",
  "area",
  "series",
  "product",
  "tag",
  "reward",
  "delivery",
  "sort",
  "page",
] as const;

export type ShippingFilterValues = Record<(typeof SHIPPING_FILTER_NAMES)[number], string>;

export function shippingFiltersOf(params: URLSearchParams): ShippingFilterValues {
  return Object.fromEntries(SHIPPING_FILTER_NAMES.map((name) => [name, params.get(name) ?? ""])) as ShippingFilterValues;
}

/** The same filters on another page of the queue. */
export function shippingQuery(filters: ShippingFilterValues, page: number): string {
  const kept = Object.entries(filters).filter(([name, value]) => value && name !== "page");
  return new URLSearchParams([...kept, ["page", String(page)]]).toString();
}

/** The PDF of packing slips for these orders, one page each. */
export function packingSlipsHref(orderIds: readonly string[]): string {
  return `/admin/shipping/packing-slips.pdf?${new URLSearchParams(orderIds.map((id) => ["order", id])).toString()}`;
}

/** The field holding a row's tracking number on the desk's ship form. */
export const trackingField = (invoiceId: string) => `tracking-${invoiceId}`;
