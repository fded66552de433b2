import { z } from "zod";
import { parseJsonField } from "../../kernel/json-field.ts";
import type { OperationContext } from "../shared/context.ts";
import { text } from "../shared/input.ts";
import { parseInput } from "../shared/operation.ts";

/** Room for a provider's access token (a few KB) and the profile fields beside it. */
const MAX_COGNITO_DATA_LENGTH = 20_000;

/** The `cognitoData` argument as it arrives: a JSON string of storable text. */
export const cognitoDataText = () => text(MAX_COGNITO_DATA_LENGTH);

/** The fields of cognitoData the API reads; everything else in it is ignored. */
export type CognitoData = {
  email?: string;
  name?: string;
  picture?: string | null;
  /** linkMember: the access token of the account to link. */
  accessToken?: string;
};

/**
 * cognitoData arrives as a JSON string, maybe double-encoded. Malformed JSON, or JSON that is not an
 * object, counts as {} and is reported; fields of the wrong type are left out.
 */
export function parseCognitoData(raw: string, onMalformed: (detail: { raw: string; error: string }) => void): CognitoData {
  const parsed = parseJsonField<unknown>(raw, {}, onMalformed);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    onMalformed({ raw: raw.slice(0, 200), error: "expected a JSON object" });
    return {};
  }
  const fields = parsed as Record<string, unknown>;
  const textField = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string) : undefined);
  return {
    email: textField("email"),
    name: textField("name"),
    picture: fields.picture === null ? null : textField("picture"),
    accessToken: textField("accessToken"),
  };
}

// JSON escapes (`\u0000`, `\ud800`) reach the fields even when the raw string is plain text.
const storedFields = z.object({
  cognitoData: z.object({
    email: text(MAX_COGNITO_DATA_LENGTH).optional(),
    name: text(MAX_COGNITO_DATA_LENGTH).optional(),
    picture: text(MAX_COGNITO_DATA_LENGTH).nullable().optional(),
    accessToken: text(MAX_COGNITO_DATA_LENGTH).optional(),
  }),
});

/**
 * cognitoData as the member operations read it: malformed JSON is {} and logged (only its size: it may
 * hold an access token); a field that is not storable text is BAD_USER_INPUT naming it.
 */
export function readCognitoData(ctx: Pick<OperationContext, "log">, raw: string): CognitoData {
  const data = parseCognitoData(raw, () => ctx.log.warn({ length: raw.length }, "malformed cognitoData: read as {}"));
  return parseInput(storedFields, { cognitoData: data }).cognitoData;
}
