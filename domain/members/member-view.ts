import type { ProviderType } from "../../kernel/identity.ts";
import type { OrderStatus } from "../../kernel/order-statuses.ts";

export type PointTransactionView = {
  id: string;
  /** Where the entry stands in the history: pass it as `before` for the entries older than it. */
  cursor: string;
  memberId: string;
  email: string;
  activityType: string;
  /** The label of SPEC.md §4 for the activity type ("Sign Up", "Ordered"...). */
  activityLabel: string;
  transactionType: "credit" | "debit";
  points: number;
  spentCents: number;
  meta: Record<string, unknown>;
  transactionAt: Date;
  formattedTransactionTimestamp: string;
  createdAt: Date;
  updatedAt: Date;
};

export type LinkedOrderView = {
  id: string;
  memberId: string | null;
  originalMemberId: string | null;
  invoiceId: string;
  orderId: string;
  email: string;
  mobile: string;
  priceCents: number;
  refundedCents: number;
  status: OrderStatus;
  env: string;
  paidAt: Date;
  deliveryStart: string;
  deliveryEnd: string;
  s3Key: string | null;
  s3Url: string | null;
  linkedAt: Date | null;
  ver: number;
  createdAt: Date;
  updatedAt: Date;
};

export type LinkedCustomerView = {
  id: string;
  memberId: string | null;
  originalMemberId: string | null;
  name: string;
  email: string;
  address: string;
  mobile: string;
  postalCode: string;
  firstPurchasedOn: Date | null;
  customerStripeId: string | null;
  hasSignedNewsLetter: boolean;
  hasUsedNewsLetterPromo: boolean;
  isSubscribe: boolean;
  purchaseCount: number;
  ver: number;
  createdAt: Date;
  updatedAt: Date;
};

export type RedeemView = {
  id: string;
  memberId: string;
  pointTransactionId: string;
  status: "Pending" | "Ordered" | "Cancelled" | "Expired";
  optionId: string;
  quantity: number;
  orderId: string | null;
  meta: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  formattedCreatedAt: string;
  formattedUpdatedAt: string;
};

export type DummyOrderView = {
  id: string;
  memberId: string;
  invoiceId: string;
  mobile: string;
  email: string;
  priceCents: number;
  orderedAt: Date;
  createdAt: Date;
};

/** A social account or email-code address that signs in as the member; the first one (by linkedAt) is the one they signed up with. */
export type MemberIdentityView = {
  subject: string;
  provider: ProviderType;
  email: string;
  linkedAt: Date;
};

/** A member with everything SPEC.md §3 lists; timestamps formatted in Singapore time. */
export type MemberView = {
  id: string;
  email: string;
  googleEmail: string | null;
  facebookEmail: string | null;
  /** The address the member signs in with by email code, once linked or signed up with. */
  codeEmail: string | null;
  /** The providers this member signs in with (one identity each). */
  providers: ProviderType[];
  /** The identities behind `providers`, oldest first. */
  identities: MemberIdentityView[];
  name: string;
  picture: string | null;
  membershipStatus: "green" | "gold";
  totalSpentCents: number;
  points: number;
  membershipStartAt: Date;
  goldStartAt: Date | null;
  /** Where the spend towards gold starts counting, when not at membershipStartAt (tiers.ts). */
  tierWindowStartAt: Date | null;
  formattedMembershipStartTimestamp: string;
  formattedGoldStartTimestamp: string | null;
  purchaseCount: number;
  activities: string[];
  createdAt: Date;
  updatedAt: Date;
  pointTransactions: PointTransactionView[];
  redeems: RedeemView[];
  linkedCustomers: LinkedCustomerView[];
  linkedOrders: LinkedOrderView[];
  dummyOrders: DummyOrderView[];
};
