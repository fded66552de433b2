import { parseJsonField } from "../../domain/shared/json-field.ts";

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
  const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string) : undefined);
  return {
    email: text("email"),
    name: text("name"),
    picture: fields.picture === null ? null : text("picture"),
    accessToken: text("accessToken"),
  };
}
