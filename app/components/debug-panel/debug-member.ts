/** The member as the panel shows it, with SPEC.md §5's JSON fields parsed. */
export type DebugMember = {
  id: string;
  email: string;
  googleEmail: string | null;
  facebookEmail: string | null;
  name: string;
  membershipStatus: string;
  totalSpent: number;
  points: number;
  formattedMembershipStartTimestamp: string;
  formattedGoldStartTimestamp: string | null;
  purchaseCount: number;
  createdAt: string;
  activities: unknown;
  pointTransactions: {
    id: string;
    activityLabel: string;
    transactionType: string;
    points: number;
    formattedTransactionTimestamp: string;
    meta: unknown;
  }[];
  redeems: { id: string; status: string; meta: unknown }[];
  dummyOrders: DummyOrder[];
};

export type DummyOrder = {
  id: string;
  invoiceId: string;
  mobile: string;
  price: number;
  memberId: string | null;
  createdAt: string;
  email: string;
  timestamp: number;
};

type RawMember = Omit<DebugMember, "activities" | "pointTransactions" | "redeems"> & {
  activities: string;
  pointTransactions: (Omit<DebugMember["pointTransactions"][number], "meta"> & { meta: string })[];
  redeems: (Omit<DebugMember["redeems"][number], "meta"> & { meta: string })[];
};

export const MEMBER_FIELDS = `id email googleEmail facebookEmail name membershipStatus totalSpent points
  formattedMembershipStartTimestamp formattedGoldStartTimestamp purchaseCount createdAt activities
  pointTransactions { id activityLabel transactionType points formattedTransactionTimestamp meta }
  redeems { id status meta }
  dummyOrders { id invoiceId mobile price memberId createdAt email timestamp }`;

export const MEMBER_QUERY = `query ($email: String!, $providerType: String!) {
  getMemberByEmailAndProviderTypeFast(email: $email, providerType: $providerType) { ${MEMBER_FIELDS} }
}`;

/** SPEC.md §5: JSON text, maybe encoded twice; malformed JSON is logged and read as {}. */
export function parseJsonField(text: string): unknown {
  try {
    const once: unknown = JSON.parse(text);
    return typeof once === "string" ? JSON.parse(once) : once;
  } catch (error) {
    console.error("A JSON field of the member could not be read", { text, error });
    return {};
  }
}

export function memberOfReply(raw: RawMember | null | undefined): DebugMember | null {
  if (!raw) return null;
  return {
    ...raw,
    activities: parseJsonField(raw.activities),
    pointTransactions: raw.pointTransactions.map((entry) => ({ ...entry, meta: parseJsonField(entry.meta) })),
    redeems: raw.redeems.map((redeem) => ({ ...redeem, meta: parseJsonField(redeem.meta) })),
  };
}

export type MemberReply = RawMember | null;
