import { type FormEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { data, redirect, useNavigate } from "react-router";
import { ACTIVITY_LEVELS, type ActivityLevel, energyPlan, GOALS, SEXES } from "../../domain/nutrition/energy.ts";
import {
  EMPTY_ENERGY_FORM,
  ENERGY_FIELDS,
  type EnergyField,
  type EnergyForm,
  energyFormFrom,
  readEnergyForm,
} from "../../domain/nutrition/energy-input.ts";
import { type Choice, ChoiceField, focusTargetOf, NumberField } from "../components/energy-fields.tsx";
import { EnergyResult } from "../components/energy-result.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { readForm } from "../lib/action-result.server.ts";
import { pageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/calorie-calculator";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    "Calorie calculator",
    "Work out the energy your body uses in a day and a daily calorie target to lose, keep or gain weight.",
  );

/**
 * The form is a GET form, so a result is an ordinary page with its own address and works without
 * JavaScript. The blank page is the same for everyone (the page cache keeps it); a submitted one
 * answers 400 when a field is wrong, with a message beside each.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  if (!ENERGY_FIELDS.some((field) => query.has(field))) return { form: EMPTY_ENERGY_FORM, submitted: false };
  const form = energyFormFrom(query);
  const reading = readEnergyForm(form);
  return data({ form, submitted: true }, { status: reading.ok ? 200 : 400 });
}

/** A posted form (an older page, another client) is sent on to the same answers' address. */
export async function action({ request }: Route.ActionArgs) {
  const form = energyFormFrom((await readForm(request)) ?? new URLSearchParams());
  return redirect(`/calorie-calculator?${new URLSearchParams(form)}#result`, 303);
}

const SEX_CHOICES: Choice[] = SEXES.map((sex) => ({ value: sex, label: sex === "female" ? "Female" : "Male" }));
const ACTIVITY_CHOICES: Record<ActivityLevel, Choice> = {
  sedentary: { value: "sedentary", label: "Mostly sitting", hint: "Desk job, little or no exercise" },
  light: { value: "light", label: "Lightly active", hint: "Light exercise or sport one to three days a week" },
  moderate: { value: "moderate", label: "Moderately active", hint: "Exercise or sport three to five days a week" },
  very: { value: "very", label: "Very active", hint: "Hard exercise or sport six or seven days a week" },
  extra: { value: "extra", label: "Extra active", hint: "A physical job plus daily training" },
};
const GOAL_LABELS = { lose: "Lose weight", keep: "Keep my weight", gain: "Gain weight" } as const;
const GOAL_CHOICES: Choice[] = GOALS.map((goal) => ({ value: goal, label: GOAL_LABELS[goal] }));
const ACTIVITY_CHOICE_LIST: Choice[] = ACTIVITY_LEVELS.map((level) => ACTIVITY_CHOICES[level]);
const CHOICES: Partial<Record<EnergyField, readonly Choice[]>> = {
  sex: SEX_CHOICES,
  activity: ACTIVITY_CHOICE_LIST,
  goal: GOAL_CHOICES,
};

const ALL_FIELDS = new Set<EnergyField>(ENERGY_FIELDS);
const NO_FIELDS = new Set<EnergyField>();

export default function CalorieCalculator({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<EnergyForm>(loaderData.form);
  // Fields whose message shows: all after a submit, one as it is left with something typed in it.
  const [checked, setChecked] = useState(loaderData.submitted ? ALL_FIELDS : NO_FIELDS);
  const [shownData, setShownData] = useState(loaderData);
  if (shownData !== loaderData) {
    // Another address (back, forward, a link) brings its own answers.
    setShownData(loaderData);
    setValues(loaderData.form);
    setChecked(loaderData.submitted ? ALL_FIELDS : NO_FIELDS);
  }

  // Until the page's script runs, the figures come only from pressing Calculate.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const reading = readEnergyForm(values);
  const errorOf = (field: EnergyField) => (!reading.ok && checked.has(field) ? reading.errors[field] : undefined);
  const firstError = reading.ok ? undefined : ENERGY_FIELDS.find((field) => reading.errors[field]);
  const focusTarget = (field: EnergyField) =>
    focusTargetOf(
      field,
      CHOICES[field]?.map((choice) => choice.value),
      values[field],
    );

  const fieldProps = (name: EnergyField) => ({
    name,
    value: values[name],
    error: errorOf(name),
    autoFocus: loaderData.submitted && name === firstError,
    onChange: (field: EnergyField, value: string) => setValues((current) => ({ ...current, [field]: value })),
    onBlur: (field: EnergyField) => {
      if (values[field] !== "") setChecked((current) => new Set(current).add(field));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reading.ok) {
      flushSync(() => setChecked(ALL_FIELDS));
      if (firstError) document.getElementById(focusTarget(firstError))?.focus();
      return;
    }
    navigate({ search: `?${new URLSearchParams(values)}` }, { preventScrollReset: true });
    resultHeading.current?.focus();
  }

  return (
    <>
      <PageHeading eyebrow="Tools" title="Calorie calculator">
        How much energy does your body use in a day, and how much should you eat to lose, keep or gain weight? Answer six
        questions to find out.
      </PageHeading>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 lg:grid-cols-[1fr_26rem]">
        <form
          method="get"
          action="/calorie-calculator#result"
          noValidate
          onSubmit={submit}
          aria-label="Your details"
          className="h-fit space-y-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
        >
          <ChoiceField {...fieldProps("sex")} legend="Sex" choices={SEX_CHOICES} columns="grid-cols-2" />
          <div className="grid gap-4 sm:grid-cols-3">
            <NumberField {...fieldProps("age")} label="Age" unit="years" inputMode="numeric" />
            <NumberField {...fieldProps("height")} label="Height" unit="cm" inputMode="decimal" />
            <NumberField {...fieldProps("weight")} label="Weight" unit="kg" inputMode="decimal" />
          </div>
          <ChoiceField
            {...fieldProps("activity")}
            legend="How active are you in a usual week?"
            choices={ACTIVITY_CHOICE_LIST}
            columns="sm:grid-cols-2"
          />
          <ChoiceField {...fieldProps("goal")} legend="Your goal" choices={GOAL_CHOICES} columns="sm:grid-cols-3" />
          <button
            type="submit"
            className="w-full rounded-full bg-brand-700 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-800 sm:w-auto"
          >
            Calculate
          </button>
        </form>
        <section
          id={reading.ok ? "result" : undefined}
          aria-live="polite"
          aria-label="Your result"
          className="h-fit scroll-mt-32 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 lg:sticky lg:top-32"
        >
          {reading.ok ? (
            <EnergyResult
              plan={energyPlan(reading.input.person, reading.input.activity, reading.input.goal)}
              activity={reading.input.activity}
              activityLabel={ACTIVITY_CHOICES[reading.input.activity].label}
              goal={reading.input.goal}
              sex={reading.input.person.sex}
              headingRef={resultHeading}
            />
          ) : (
            <p className="text-muted">
              {live
                ? "Your resting energy, daily need and daily target appear here as soon as all six answers are filled in."
                : "Fill in all six answers and press Calculate to see your resting energy, daily need and daily target."}
            </p>
          )}
          <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-muted">
            These are estimates from a formula for healthy adults, not medical advice. If you are pregnant or breastfeeding, have
            a health condition such as diabetes or an eating disorder, or take medication, ask your doctor or a dietitian before
            changing what you eat. Our drinks are food, not medicine, and no substitute for a varied diet.
          </p>
        </section>
      </div>
    </>
  );
}
