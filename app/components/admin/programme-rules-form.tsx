import type { ProgrammeRules } from "../../../domain/loyalty/programme/programme-rules.ts";
import {
  ACTION_ICONS,
  BUILT_IN_ACTIONS,
  NEW_ACTION_VERIFICATIONS,
  OFFERED_EXPIRY_MONTHS,
  VERIFICATIONS,
} from "../../../domain/loyalty/programme/programme-vocabulary.ts";
import { AdminForm, type Answer, Field, SelectField, SubmitButton } from "./admin-form.tsx";
import { Check, FIELDSET, LEGEND, SubscriptionFields } from "./programme-form-parts.tsx";

/** Field names are the rules' paths (app/lib/programme-form.server.ts reads them back). */

const ROUNDINGS = [
  { value: "whole-dollars", label: "Whole S$1 only" },
  { value: "cents", label: "The exact amount" },
];
/** Short enough for a phone's select; the history words each policy in full. */
const POLICIES = [
  { value: "keep", label: "Keep: until the gold year ends" },
  { value: "rejudge", label: "Rejudge everyone at once" },
];
const ICONS = ACTION_ICONS.map((icon) => ({ value: icon, label: icon }));
const NEW_VERIFICATIONS = NEW_ACTION_VERIFICATIONS.map((value) => ({ value, label: VERIFICATIONS[value] }));

type Action = ProgrammeRules["actions"][number];

/** One earn action's wording, icon, points and switches; how it is verified stays as it is. */
function ActionFields({ action, index }: { action: Action; index: number }) {
  const name = (field: string) => `rules.actions.${index}.${field}`;
  const id = (field: string) => `action-${action.id}-${field}`;
  const builtIn = (Object.values(BUILT_IN_ACTIONS) as string[]).includes(action.id);
  // Referrals switch the referral action on and off (decision 045); its own switch stays as it is.
  const referral = action.id === BUILT_IN_ACTIONS.referral;
  return (
    <fieldset className={FIELDSET}>
      <legend className={LEGEND}>{action.title}</legend>
      <input type="hidden" name={name("id")} value={action.id} />
      <input type="hidden" name={name("verification")} value={action.verification} />
      <input type="hidden" name={name("socialNetwork")} value={action.socialNetwork ?? ""} />
      <p className="text-sm text-muted sm:col-span-2 lg:col-span-3">
        <span className="font-mono">{action.id}</span> ·{" "}
        {referral ? "For each referred friend's first order, once past its refund window" : VERIFICATIONS[action.verification]}
      </p>
      <Field id={id("title")} label="Title" name={name("title")} required maxLength={80} defaultValue={action.title} />
      <Field
        id={id("description")}
        label="Description"
        name={name("description")}
        required
        maxLength={300}
        defaultValue={action.description}
      />
      <SelectField id={id("icon")} label="Icon" name={name("icon")} options={ICONS} defaultValue={action.icon} />
      <Field id={id("points")} label="Points" name={name("points")} type="number" required min={0} defaultValue={action.points} />
      <Check name={name("hidden")} label="Hidden from the earn page" checked={action.hidden} />
      {referral ? (
        action.disabled && <input type="hidden" name={name("disabled")} value="on" />
      ) : (
        <Check name={name("disabled")} label="Coming soon (cannot be done yet)" checked={action.disabled} />
      )}
      {!builtIn && <Check name={name("remove")} label="Remove this action" checked={false} />}
    </fieldset>
  );
}

/** A new earn action: its id (never changed after) and how it is checked, besides the words and points. */
function NewActionFields() {
  return (
    <fieldset className={FIELDSET}>
      <legend className={LEGEND}>New action (optional)</legend>
      <Field id="new-action-id" label="Id (lower-case letters, digits, dashes)" name="newAction.id" maxLength={40} />
      <SelectField id="new-action-verification" label="Checked by" name="newAction.verification" options={NEW_VERIFICATIONS} />
      <Field id="new-action-title" label="Title" name="newAction.title" maxLength={80} />
      <Field id="new-action-description" label="Description" name="newAction.description" maxLength={300} />
      <SelectField id="new-action-icon" label="Icon" name="newAction.icon" options={ICONS} />
      <Field id="new-action-points" label="Points" name="newAction.points" type="number" min={0} />
    </fieldset>
  );
}

/** The whole rules document of a draft, every field editable; the form posts it whole. */
export function ProgrammeRulesForm({
  number,
  rules,
  stamp,
  answer,
}: {
  number: number;
  rules: ProgrammeRules;
  /** The draft's edit stamp: a save from a page opened before someone else's is refused. */
  stamp: string;
  answer: Answer;
}) {
  const { earning, gold } = rules;
  return (
    <AdminForm
      intent="save"
      answer={answer}
      hiddenFields={[
        ["number", String(number)],
        ["seen", stamp],
        ["actionCount", String(rules.actions.length)],
      ]}
      className="space-y-4"
    >
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Earning on orders</legend>
        <Field
          id="points-per-dollar"
          label="Points per S$1 (green)"
          name="rules.earning.pointsPerDollar"
          type="number"
          step="any"
          min={0}
          required
          defaultValue={earning.pointsPerDollar}
        />
        <SelectField
          id="rounding"
          label="Points are worked out on"
          name="rules.earning.rounding"
          options={ROUNDINGS}
          defaultValue={earning.rounding}
        />
        <Check name="rules.earning.afterDiscounts" label="Discounts come off the spend" checked={earning.afterDiscounts} />
        <Check name="rules.earning.includesShipping" label="Shipping counts as spend" checked={earning.includesShipping} />
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Gold</legend>
        <Field
          id="gold-threshold"
          label="Gold threshold (S$)"
          name="rules.gold.thresholdCents"
          inputMode="decimal"
          required
          defaultValue={(gold.thresholdCents / 100).toFixed(2)}
        />
        <Field
          id="gold-window"
          label="Spend counts for (months; empty: since joining)"
          name="rules.gold.qualifyingWindowMonths"
          type="number"
          min={1}
          defaultValue={gold.qualifyingWindowMonths ?? ""}
        />
        <Field
          id="gold-length"
          label="Gold year (months)"
          name="rules.gold.lengthMonths"
          type="number"
          min={1}
          required
          defaultValue={gold.lengthMonths}
        />
        <Field
          id="gold-multiplier"
          label="Gold multiplier (× green points)"
          name="rules.gold.multiplier"
          type="number"
          step="any"
          min={1}
          required
          defaultValue={gold.multiplier}
        />
        <div className="sm:col-span-2">
          <SelectField
            id="tier-policy"
            label="Tiers on publishing"
            name="rules.tierPolicy"
            options={POLICIES}
            defaultValue={rules.tierPolicy}
          />
        </div>
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Rewards and claims</legend>
        <Field
          id="redeem-hold"
          label="A reward waits for an order (days)"
          name="rules.redeemHoldDays"
          type="number"
          min={1}
          required
          defaultValue={rules.redeemHoldDays}
        />
        <Field
          id="claim-window"
          label="Past orders earn when claimed (days before joining)"
          name="rules.claimWindowDays"
          type="number"
          min={0}
          required
          defaultValue={rules.claimWindowDays}
        />
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Points expiry</legend>
        <Check name="rules.expiry.on" label="Points expire" checked={rules.expiry.months !== null} />
        <Field
          id="expiry-months"
          label="After (months without earning or redeeming)"
          name="rules.expiry.months"
          type="number"
          min={1}
          max={120}
          defaultValue={rules.expiry.months ?? OFFERED_EXPIRY_MONTHS}
        />
        <Field
          id="expiry-warnings"
          label="Warn members (days before, e.g. 30, 3)"
          name="rules.expiry.warningDays"
          defaultValue={rules.expiry.warningDays.join(", ")}
        />
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>Referrals</legend>
        <Check name="rules.referrals.enabled" label="Members refer friends" checked={rules.referrals.enabled} />
        <p className="text-sm text-muted sm:col-span-2 lg:col-span-3">
          The referrer earns the points of the "Refer Your Friends" action below.
        </p>
        <Field
          id="referral-discount"
          label="Friend's first-order discount (%)"
          name="rules.referrals.friendDiscountPercent"
          type="number"
          min={1}
          max={50}
          required
          defaultValue={rules.referrals.friendDiscountPercent}
        />
        <Field
          id="referral-refund-window"
          label="Refund window after delivery (days)"
          name="rules.referrals.refundWindowDays"
          type="number"
          min={0}
          max={90}
          required
          defaultValue={rules.referrals.refundWindowDays}
        />
        <Field
          id="referral-weekly-cap"
          label="Referrals per referrer a week before staff check"
          name="rules.referrals.weeklyCapPerReferrer"
          type="number"
          min={1}
          max={100}
          required
          defaultValue={rules.referrals.weeklyCapPerReferrer}
        />
        <Field
          id="referral-device-window"
          label="Same device or address checked over (days)"
          name="rules.referrals.sameDeviceWindowDays"
          type="number"
          min={1}
          max={365}
          required
          defaultValue={rules.referrals.sameDeviceWindowDays}
        />
      </fieldset>
      <SubscriptionFields rules={rules.subscriptions} />
      <h3 className="text-lg font-bold text-brand-900">Earn actions</h3>
      {rules.actions.map((action, index) => (
        <ActionFields key={action.id} action={action} index={index} />
      ))}
      <NewActionFields />
      <SubmitButton>Save draft {number}</SubmitButton>
    </AdminForm>
  );
}
