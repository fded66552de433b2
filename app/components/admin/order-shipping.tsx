import { CARRIER_IDS, CARRIERS } from "../../../kernel/carriers.ts";
import { TrackingNumber } from "../tracking-number.tsx";
import { AdminForm, type Answer, Field, SelectField, SubmitButton } from "./admin-form.tsx";
import { Section } from "./admin-parts.tsx";

type Shipment = { carrierName: string; trackingNumber: string; trackingUrl: string | null };

const CARRIER_CHOICES = CARRIER_IDS.map((id) => ({ value: id, label: CARRIERS[id].name }));

/**
 * Where the order stands on its way to the shopper, and the one step it can take next: a paid order
 * is marked shipped with its carrier and tracking number, a shipped one delivered; a cancelling one is not to be shipped.
 */
export function OrderShipping({ status, shipment, answer }: { status: string; shipment: Shipment | null; answer: Answer }) {
  return (
    <>
      {shipment && (
        <Section id="shipment" title="Shipment">
          <p>
            {shipment.carrierName}, tracking number <TrackingNumber shipment={shipment} />
          </p>
        </Section>
      )}
      {status === "paid" && (
        <Section id="ship" title="Mark shipped">
          <AdminForm answer={answer} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <SelectField id="ship-carrier" label="Carrier" name="carrier" required options={CARRIER_CHOICES} width="" />
            <Field
              id="ship-tracking"
              label="Tracking number"
              name="trackingNumber"
              required
              minLength={4}
              maxLength={40}
              pattern="[A-Za-z0-9\-]{4,40}"
              width=""
            />
            <SubmitButton>Mark shipped</SubmitButton>
          </AdminForm>
        </Section>
      )}
      {status === "cancelling" && (
        <Section id="ship" title="Do not ship">
          <p>
            This order is being cancelled. Its refund is waiting for the payment provider, and the order becomes cancelled once
            the provider confirms it. It cannot be marked shipped.
          </p>
        </Section>
      )}
      {status === "shipped" && (
        <Section id="deliver" title="Delivery">
          <AdminForm intent="deliver">
            <SubmitButton>Mark delivered</SubmitButton>
          </AdminForm>
        </Section>
      )}
    </>
  );
}
