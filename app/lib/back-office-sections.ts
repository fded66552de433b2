import type { StaffPermission } from "../../kernel/staff-permissions.ts";

/** The back office's screens, and the permissions any one of which opens each: its nav and home page list these. */
export const BACK_OFFICE_SECTIONS = [
  {
    to: "/admin/orders",
    label: "Orders",
    about: "Find orders, see their story, mark them shipped or delivered.",
    needs: ["orders"],
  },
  {
    to: "/admin/shipping",
    label: "Shipping",
    about: "Paid orders waiting to ship, oldest first: ship many at once, print their packing slips.",
    needs: ["orders"],
  },
  {
    to: "/admin/delivery",
    label: "Delivery options",
    about: "What shoppers choose from: each option's price, free-delivery threshold, days and cut-off.",
    needs: ["orders"],
  },
  {
    to: "/admin/reports",
    label: "Sales report",
    about: "Sales by day, series and product for the days you choose, with GST; as CSV too.",
    needs: ["orders"],
  },
  {
    to: "/admin/members",
    label: "Members",
    about: "Search members, see their points and orders, correct points.",
    needs: ["points", "orders"],
  },
  {
    to: "/admin/subscriptions",
    label: "Subscriptions",
    about: "Members' subscriptions: their renewals, orders and emails; skip, pause, resume or cancel one; the offer's settings.",
    needs: ["subscriptions"],
  },
  {
    to: "/admin/promotions",
    label: "Promotions",
    about: "Create promotion codes, set their limits, switch them off.",
    needs: ["promotions"],
  },
  {
    to: "/admin/newsletter",
    label: "Newsletter",
    about: "How many addresses confirmed the newsletter; download them, with their consent, as CSV.",
    needs: ["promotions"],
  },
  {
    to: "/admin/programme",
    label: "Loyalty programme",
    about: "Edit the programme's rules in a draft, preview it against the members, publish it; every version.",
    needs: ["programme"],
  },
  {
    to: "/admin/campaigns",
    label: "Campaigns",
    about: "Bonus-point events: double points on a series this weekend; their cost, and ending one early.",
    needs: ["programme"],
  },
  {
    to: "/admin/referrals",
    label: "Referrals",
    about: "Members' referred friends; approve or refuse those the fraud checks held.",
    needs: ["points"],
  },
  {
    to: "/admin/emails",
    label: "Member emails",
    about: "Read each loyalty programme email as members get it, in HTML and as text.",
    needs: ["programme"],
  },
  {
    to: "/admin/catalogue",
    label: "Catalogue",
    about: "Products, bundles, prices and flavours: add and edit them, switch them on or off, keep them out of promotion codes.",
    needs: ["catalog"],
  },
  {
    to: "/admin/stock",
    label: "Stock",
    about: "Stock on hand and held by checkouts for each SKU; record deliveries and counts; low-stock thresholds.",
    needs: ["catalog"],
  },
  {
    to: "/admin/rewards",
    label: "Rewards",
    about: "The rewards members redeem points for: add one, change its cost, switch it off.",
    needs: ["catalog"],
  },
  {
    to: "/admin/reviews",
    label: "Reviews",
    about: "Read members' product reviews; publish or reject them.",
    needs: ["catalog"],
  },
  {
    to: "/admin/jobs",
    label: "Jobs",
    about: "Run scheduled work (loyalty upkeep: tiers, expiries, referrals) now and see what it did; retry work that gave up.",
    needs: ["orders"],
  },
  {
    to: "/admin/webhooks",
    label: "Webhooks",
    about:
      "Send the shop's events (orders paid and refunded, members, points, tiers) to other systems; see and redeliver what was sent.",
    needs: ["webhooks"],
  },
  {
    to: "/admin/payments",
    label: "Payment methods",
    about: "How shoppers may pay: cards always; PayNow, GrabPay, Apple Pay and Google Pay on or off.",
    needs: ["staff"],
  },
  { to: "/admin/staff", label: "Staff", about: "Add, change and remove staff.", needs: ["staff"] },
  { to: "/admin/audit", label: "Audit log", about: "Every staff action: who, what, when, before and after.", needs: ["staff"] },
] as const satisfies readonly { to: string; label: string; about: string; needs: readonly StaffPermission[] }[];

/** Each permission by the name the back office gives it. */
export const PERMISSION_LABELS: Record<StaffPermission, string> = {
  orders: "Orders",
  refunds: "Refunds",
  points: "Points",
  catalog: "Catalogue",
  promotions: "Promotions",
  programme: "Loyalty programme",
  webhooks: "Webhooks",
  subscriptions: "Subscriptions",
  staff: "Staff",
};

export type BackOfficeSection = (typeof BACK_OFFICE_SECTIONS)[number];

export function sectionsFor(permissions: ReadonlySet<StaffPermission>): BackOfficeSection[] {
  return BACK_OFFICE_SECTIONS.filter((section) => section.needs.some((permission) => permissions.has(permission)));
}
