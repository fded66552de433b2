/** A shipment's tracking number, linked to the carrier's tracking page where it has one. */
export function TrackingNumber({ shipment }: { shipment: { trackingNumber: string; trackingUrl: string | null } }) {
  return shipment.trackingUrl ? (
    <a href={shipment.trackingUrl} className="font-semibold text-brand-700 underline" rel="noreferrer">
      {shipment.trackingNumber}
    </a>
  ) : (
    <strong>{shipment.trackingNumber}</strong>
  );
}
