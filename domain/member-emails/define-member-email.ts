import { z } from "zod";
import type { MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import { type ProgrammeSchedule, type ProgrammeTerms, programmeAt, termsOf } from "../loyalty/programme/programme.ts";
import type { MemberEmailBody } from "./member-email-layout.ts";

/** What an email's words read besides its data: the programme's versions (for the words of its rules) and the shop's address. */
export type TemplateContext = { schedule: ProgrammeSchedule; publicUrl: string; brandName: string; at: Date };

/** What a sample for the back-office preview is sized by: the programme's versions and the moment of the preview. */
export type SampleContext = { schedule: ProgrammeSchedule; now: Date };

/** What an email tells is an object, stored as JSON in its outbox row. */
type MemberEmailDataSchema = z.ZodType<object, object>;

/**
 * One kind of programme email (decision 044): its kind (one of MEMBER_EMAIL_KINDS), its name and
 * description as members choose it on their account page, the schema of what it tells, its words
 * (the subject and the parts the shared frame writes as HTML and as text), and a sample of its data
 * for the back-office preview.
 */
export type MemberEmailDefinition<
  K extends MemberEmailKind = MemberEmailKind,
  Data extends MemberEmailDataSchema = MemberEmailDataSchema,
> = {
  readonly kind: K;
  readonly label: string;
  readonly about: string;
  /** What the email tells, written into its outbox row when it happens: it says what was true then. */
  readonly data: Data;
  // Methods, so a definition of any data fits the list of definitions.
  body(data: z.output<Data>, context: TemplateContext): MemberEmailBody;
  sample(context: SampleContext): z.output<Data>;
};

/** A programme email, defined once in its file under kinds/ and listed in member-emails.ts. */
export function defineMemberEmail<const K extends MemberEmailKind, Data extends MemberEmailDataSchema>(definition: {
  kind: K;
  label: string;
  about: string;
  data: Data;
  body: (data: z.output<Data>, context: TemplateContext) => MemberEmailBody;
  sample: (context: SampleContext) => z.output<Data>;
}): MemberEmailDefinition<K, Data> {
  return definition;
}

/** A number of points an email tells of. */
export const pointCount = z.number().int().min(0);

/** An instant an email tells of, as ISO 8601 with its offset. */
export const instant = z.iso.datetime({ offset: true });

/**
 * The programme's terms at an instant, which the words of its rules come from (programme-copy.ts), so
 * no programme number is typed in an email.
 */
export const termsAt = (context: TemplateContext, at: Date): ProgrammeTerms => termsOf(programmeAt(context.schedule, at).rules);

/** What the previews share: an invoice and the balance of the sample member. */
export const SAMPLE = { invoiceId: "6B4K2P9X", balance: 1_252 };
