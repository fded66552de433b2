import { randomUUID } from "node:crypto";
import { requestHash } from "../../domain/shared/request-hash.ts";
import { signInWithEmbeddedProvider } from "./embedded-sign-in.ts";
import type { TestServer } from "./test-server.ts";

export type GraphQLReply = {
  status: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
};

export type CallOptions = {
  token?: string;
  /** The X-Request-Hash to send: by default the right one; null sends none. */
  hash?: string | null;
  headers?: Record<string, string>;
};

/** The fields SPEC.md §5 calls JSON (activities, every meta): the server answers them as JSON text. */
const JSON_TEXT_FIELDS = new Set(["activities", "meta"]);

/** As SPEC.md §5's client does, parses the JSON fields of a reply; one that is not JSON text fails the test. */
function parseJsonText(value: unknown, key?: string): unknown {
  if (key !== undefined && JSON_TEXT_FIELDS.has(key)) {
    if (typeof value !== "string") throw new Error(`${key} came back as ${JSON.stringify(value)}, not as JSON text`);
    return JSON.parse(value);
  }
  if (Array.isArray(value)) return value.map((item) => parseJsonText(item));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, parseJsonText(item, name)]));
  }
  return value;
}

/** POST /graphql as the member client does: bearer token and the variables' hash; JSON fields parsed. */
export async function callGraphQL(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<GraphQLReply> {
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const hash = options.hash === undefined ? requestHash(variables) : options.hash;
  if (hash !== null) headers["x-request-hash"] = hash;
  const response = await fetch(`${baseUrl}/graphql`, { method: "POST", headers, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as GraphQLReply["body"];
  return {
    status: response.status,
    body: body.data ? { ...body, data: parseJsonText(body.data) as GraphQLReply["body"]["data"] } : body,
  };
}

export const codesOf = (reply: GraphQLReply) => reply.body.errors?.map((error) => error.extensions?.code);

export const MEMBER_FIELDS = `fragment MemberFields on Member {
  id email facebookEmail googleEmail name picture membershipStatus totalSpent points
  membershipStartTimestamp goldStartTimestamp formattedMembershipStartTimestamp formattedGoldStartTimestamp
  purchaseCount createdAt updatedAt activities
  pointTransactions { id memberId email activityType activityLabel transactionTimestamp formattedTransactionTimestamp
    points transactionType spent meta createdAt updatedAt }
  redeems { id memberId pointTransactionId status orderId meta createdAt updatedAt formattedCreatedAt formattedUpdatedAt }
  linkedCustomers { id memberId originalMemberId name email address mobile postalCode firstPurchasedOn customerStripeID
    hasSignedNewsLetter hasUsedNewsLetterPromo isSubscribe purchaseCount ver createdAt updatedAt }
  linkedOrders { id memberId originalMemberId invoiceId orderId email mobile price status env paidAt deliveryDate
    deliveryStart deliveryEnd s3Key s3Url linkedAt ver createdAt updatedAt }
  dummyOrders { id memberId invoiceId mobile email price timestamp createdAt }
}`;

export const GET_OR_CREATE = `mutation($cognitoData: String!) { getOrCreateMember(cognitoData: $cognitoData) { ...MemberFields } }
${MEMBER_FIELDS}`;

export const GET_BY_EMAIL = `query($email: String!, $providerType: String!) {
  getMemberByEmailAndProviderTypeFast(email: $email, providerType: $providerType) { ...MemberFields }
}
${MEMBER_FIELDS}`;

export const LINK = `mutation($currentMemberId: ID!, $cognitoData: String!) {
  linkMember(currentMemberId: $currentMemberId, cognitoData: $cognitoData) { id email googleEmail facebookEmail }
}`;

export const UNLINK = `mutation($memberId: ID!) {
  unlinkMember(memberId: $memberId) { id googleEmail facebookEmail linkedCustomers { id } }
}`;

export const DELETE = `mutation($memberId: ID!) { deleteMember(memberId: $memberId) { email } }`;

export const RESET = `mutation($memberId: ID!) {
  resetMembership(memberId: $memberId) {
    membershipStatus totalSpent points membershipStartTimestamp goldStartTimestamp
    formattedMembershipStartTimestamp formattedGoldStartTimestamp
  }
}`;

export type TestMember = Record<string, unknown> & { id: string; email: string; points: number; pointTransactions: unknown[] };

/** Signs in at the shop's embedded identity provider; a fresh email (so a fresh account) unless one is given. */
export async function signIn(
  shop: TestServer,
  provider: "google" | "facebook" = "google",
  email = `m-${randomUUID()}@example.com`,
) {
  const idp = shop.server.identityProvider;
  if (!idp) throw new Error("the embedded identity provider is not running");
  const tokens = await signInWithEmbeddedProvider(idp, { provider, email, name: "Tan Mei Ling" });
  return { token: tokens.accessToken, email, subject: String(tokens.idClaims.sub) };
}

/** The account's member through getOrCreateMember (made on first call). */
export async function memberOf(baseUrl: string, account: { token: string }, cognitoData: unknown = {}): Promise<TestMember> {
  const reply = await callGraphQL(baseUrl, GET_OR_CREATE, { cognitoData: JSON.stringify(cognitoData) }, { token: account.token });
  if (reply.body.errors) throw new Error(`getOrCreateMember failed: ${JSON.stringify(reply.body.errors)}`);
  return reply.body.data?.getOrCreateMember as TestMember;
}
