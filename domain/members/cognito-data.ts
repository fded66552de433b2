import { z } from "zod";
import { parseJsonField } from "../../kernel/json-field.ts";
import type { OperationContext } from "../shared/context.ts";
import { text } from "../shared/input.ts";

/** Room for a provider's access token (a few KB) and the profile fields beside it. */
const MAX_COGNITO_DATA_LENGTH = 20_000;

/** The fields of cognitoData the API reads; everything else in it is ignored. */
export type CognitoData = {
  email?: string;
  name?: string;
  picture?: string | null;
  /** linkMember: the access token of the account to link. */
  accessToken?: string;
};

const jsonObject = z.record(z.string(), z.unknown());
const textOrLeftOut = z.string().optional().catch(undefined);

/** The fields read from the decoded object: one of the wrong type is left out. */
const ReadFields = z.object({
  email: textOrLeftOut,
  name: textOrLeftOut,
  picture: z.string().nullable().optional().catch(undefined),
  accessToken: textOrLeftOut,
});

/**
 * cognitoData arrives as a JSON string, maybe double-encoded. Malformed JSON, or JSON that is not an
 * object, counts as {} and is reported; fields of the wrong type are left out.
 */
export function parseCognitoData(raw: string, onMalformed: (detail: { raw: string; error: string }) => void): CognitoData {
  const parsed = jsonObject.safeParse(parseJsonField<unknown>(raw, {}, onMalformed));
  if (!parsed.success) {
    onMalformed({ raw: raw.slice(0, 200), error: "expected a JSON object" });
    return {};
  }
  return ReadFields.parse(parsed.data);
}

/**
 * The `cognitoData` argument: a JSON string of storable text, read as parseCognitoData reads it. JSON
 * escapes (`\u0000`, `\ud800`) reach the fields even when the raw string is plain text, so a field
 * that is not storable text is BAD_USER_INPUT naming it (`cognitoData.name`). Malformed JSON is {},
 * with its size kept for the operation to log (not its text: it may hold an access token).
 */
export const cognitoDataInput = () =>
  text(MAX_COGNITO_DATA_LENGTH)
    .transform((raw): CognitoData & { malformedLength: number | null } => {
      let malformedLength: number | null = null;
      const fields = parseCognitoData(raw, () => {
        malformedLength = raw.length;
      });
      return { ...fields, malformedLength };
    })
    .pipe(
      z.object({
        email: text(MAX_COGNITO_DATA_LENGTH).optional(),
        name: text(MAX_COGNITO_DATA_LENGTH).optional(),
        picture: text(MAX_COGNITO_DATA_LENGTH).nullable().optional(),
        accessToken: text(MAX_COGNITO_DATA_LENGTH).optional(),
        malformedLength: z.number().nullable(),
      }),
    );

/** cognitoData as its schema read it, malformed JSON logged (by size only). */
export function readCognitoData(
  ctx: Pick<OperationContext, "log">,
  { malformedLength, ...fields }: z.output<ReturnType<typeof cognitoDataInput>>,
): CognitoData {
  if (malformedLength !== null) ctx.log.warn({ length: malformedLength }, "malformed cognitoData: read as {}");
  return fields;
}
