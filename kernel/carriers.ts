/** The carriers the shop ships with, and where a shopper follows a parcel (none for "Other"). */
export const CARRIERS = {
  singpost: { name: "SingPost", trackingUrl: (number: string) => `https://www.singpost.com/track-items?trackingid=${number}` },
  ninjavan: { name: "Ninja Van", trackingUrl: (number: string) => `https://www.ninjavan.co/en-sg/tracking?id=${number}` },
  jt: { name: "J&T Express", trackingUrl: (number: string) => `https://www.jtexpress.sg/tracking?awb=${number}` },
  dhl: { name: "DHL", trackingUrl: (number: string) => `https://www.dhl.com/sg-en/home/tracking.html?tracking-id=${number}` },
  other: { name: "Other", trackingUrl: null },
} as const satisfies Record<string, { name: string; trackingUrl: ((number: string) => string) | null }>;

export type CarrierId = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as CarrierId[];

export const TRACKING_NUMBER = /^[A-Za-z0-9-]{4,40}$/;

/** How a shipment reads to a shopper: the carrier's name, the number, and a link where there is one. */
export function shipmentOf(order: { carrier: string | null; trackingNumber: string | null }) {
  const carrier = order.carrier && order.carrier in CARRIERS ? CARRIERS[order.carrier as CarrierId] : null;
  if (!carrier || !order.trackingNumber) return null;
  return {
    carrierName: carrier.name,
    trackingNumber: order.trackingNumber,
    trackingUrl: carrier.trackingUrl ? carrier.trackingUrl(encodeURIComponent(order.trackingNumber)) : null,
  };
}
