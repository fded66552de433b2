import { Form } from "react-router";
import { MAX_LINE_QUANTITY } from "../../domain/bag/max-line-quantity.ts";

/** A round +/− button that posts the line's new quantity with the fields that name the line. */
export function QuantityStep({
  fields,
  quantity,
  label,
  action,
  children,
}: {
  fields: Record<string, string>;
  quantity: number;
  label: string;
  action?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="quantity" value={quantity} />
      <button
        type="submit"
        aria-label={label}
        disabled={quantity < 1 || quantity > MAX_LINE_QUANTITY}
        className="grid size-9 place-items-center rounded-full border border-slate-300 hover:border-brand-700 disabled:opacity-40"
      >
        {children}
      </button>
    </Form>
  );
}
