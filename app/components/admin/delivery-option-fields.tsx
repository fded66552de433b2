import { Field } from "./admin-form.tsx";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** A delivery option's terms as its form shows them: money in dollars, the cut-off as "14:00". */
export type DeliveryTermsValues = {
  name: string;
  price: string;
  freeFrom: string;
  minDays: number;
  maxDays: number;
  weekdays: number[];
  cutoff: string;
};

export const NEW_OPTION_VALUES: DeliveryTermsValues = {
  name: "",
  price: "",
  freeFrom: "",
  minDays: 1,
  maxDays: 1,
  weekdays: [1, 2, 3, 4, 5],
  cutoff: "",
};

/** The fields of a delivery option's terms, for a new option and for changing one. */
export function DeliveryTermsFields({ idPrefix, values }: { idPrefix: string; values: DeliveryTermsValues }) {
  return (
    <>
      <Field id={`${idPrefix}-name`} label="Name" name="name" required maxLength={40} defaultValue={values.name} />
      <Field id={`${idPrefix}-price`} label="Price (S$)" name="price" required inputMode="decimal" defaultValue={values.price} />
      <Field
        id={`${idPrefix}-free-from`}
        label="Free from (S$ of goods; empty: never)"
        name="freeFrom"
        inputMode="decimal"
        defaultValue={values.freeFrom}
      />
      <Field
        id={`${idPrefix}-min-days`}
        label="Working days, fewest"
        name="minDays"
        type="number"
        min={0}
        required
        defaultValue={values.minDays}
      />
      <Field
        id={`${idPrefix}-max-days`}
        label="Working days, most"
        name="maxDays"
        type="number"
        min={0}
        required
        defaultValue={values.maxDays}
      />
      <Field
        id={`${idPrefix}-cutoff`}
        label="Daily cut-off, Singapore time (empty: midnight)"
        name="cutoff"
        type="time"
        defaultValue={values.cutoff}
      />
      <fieldset className="sm:col-span-3">
        <legend className="font-semibold">Runs on</legend>
        <div className="flex flex-wrap gap-x-4">
          {WEEKDAYS.map((day, index) => (
            <label key={day} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name="weekdays" value={index} defaultChecked={values.weekdays.includes(index)} />
              {day}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** "Mon–Fri"-like list of the weekdays an option runs. */
export const weekdaysText = (weekdays: readonly number[]) => weekdays.map((day) => WEEKDAYS[day]).join(", ");
