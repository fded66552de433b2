import type { EnergyField } from "../../domain/nutrition/energy-input.ts";

/** What every field of the calculator is told: its current text, its message, and where to report. */
type FieldProps = {
  name: EnergyField;
  value: string;
  error: string | undefined;
  onChange: (name: EnergyField, value: string) => void;
  onBlur: (name: EnergyField) => void;
  /** The first field in error after a submit: focused as the page loads, also without JavaScript. */
  autoFocus: boolean;
};

export const errorIdOf = (name: EnergyField) => `${name}-error`;

/** The element that takes focus for a field: the text box, or a group's chosen (else first) option. */
export function focusTargetOf(name: EnergyField, options: readonly string[] | undefined, value: string): string {
  if (!options) return name;
  return `${name}-${options.includes(value) ? value : options[0]}`;
}

function FieldError({ name, error }: { name: EnergyField; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={errorIdOf(name)} className="mt-1 text-sm font-medium text-sale">
      {error}
    </p>
  );
}

export function NumberField({
  label,
  unit,
  inputMode,
  ...field
}: FieldProps & { label: string; unit: string; inputMode: "numeric" | "decimal" }) {
  const { name, value, error, onChange, onBlur, autoFocus } = field;
  return (
    <div>
      <label htmlFor={name} className="block font-medium">
        {label}
        <span className="sr-only"> ({unit})</span>
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          id={name}
          name={name}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: only the first field in error after a submit, the one the shopper must fix
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => onChange(name, event.target.value)}
          onBlur={() => onBlur(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorIdOf(name) : undefined}
          className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 aria-invalid:border-sale"
        />
        <span aria-hidden="true" className="w-10 shrink-0 text-muted">
          {unit}
        </span>
      </div>
      <FieldError name={name} error={error} />
    </div>
  );
}

export type Choice = { value: string; label: string; hint?: string };

/** A question answered by one of a few options: a fieldset of radio buttons, its message under the legend. */
export function ChoiceField({
  legend,
  choices,
  columns,
  ...field
}: FieldProps & { legend: string; choices: readonly Choice[]; columns: string }) {
  const { name, value, error, onChange, onBlur, autoFocus } = field;
  const focusTarget = focusTargetOf(
    name,
    choices.map((choice) => choice.value),
    value,
  );
  return (
    <fieldset>
      <legend className="font-medium">{legend}</legend>
      <FieldError name={name} error={error} />
      <div className={`mt-2 grid gap-2 ${columns}`}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              id={`${name}-${choice.value}`}
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(name, choice.value)}
              onBlur={() => onBlur(name)}
              // biome-ignore lint/a11y/noAutofocus: only the first field in error after a submit, the one the shopper must fix
              autoFocus={autoFocus && focusTarget === `${name}-${choice.value}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorIdOf(name) : undefined}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <span>
              <span className="block font-medium">{choice.label}</span>
              {choice.hint && <span className="block text-sm text-muted">{choice.hint}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
