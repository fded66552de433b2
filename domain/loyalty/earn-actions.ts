import { EARN_ACTION_POINTS } from "./programme.ts";

/** An earn-point action of SPEC.md §3: done once per member for its points. */
export type EarnAction = {
  id: EarnActionId;
  /** A lucide-react icon name (kebab-case). */
  icon: string;
  title: string;
  description: string;
  points: number;
  isHidden?: boolean;
  isDisabled?: boolean;
  /** The social network whose brand page the member opens to do it. */
  socialNetwork?: SocialNetwork;
  /** Credited by the shop when something else happens, never by the member saying it is done. */
  earnedThrough?: { explanation: string; path: string; label: string };
};

export type SocialNetwork = "instagram" | "tiktok" | "facebook";

export type EarnActionId = keyof typeof EARN_ACTION_POINTS;

/** The earn actions in the order members see them (DESIGN.md §3, SPEC.md §5 and §9). */
export const EARN_ACTIONS: readonly EarnAction[] = [
  {
    id: "sign-up",
    icon: "badge-check",
    title: "Sign up",
    description: "Join the loyalty programme. Given when your membership is created.",
    points: EARN_ACTION_POINTS["sign-up"],
  },
  {
    id: "follow-ig",
    icon: "camera",
    title: "Follow us on Instagram",
    description: "Follow our Instagram account for new flavours, recipes and member offers.",
    points: EARN_ACTION_POINTS["follow-ig"],
    socialNetwork: "instagram",
  },
  {
    id: "follow-tt",
    icon: "music",
    title: "Follow Us on TikTok",
    description: "Follow our TikTok account for short videos and behind-the-scenes moments.",
    points: EARN_ACTION_POINTS["follow-tt"],
    socialNetwork: "tiktok",
    isHidden: true,
  },
  {
    id: "follow-fb",
    icon: "thumbs-up",
    title: "Like us on Facebook",
    description: "Like our Facebook page to hear about launches and events first.",
    points: EARN_ACTION_POINTS["follow-fb"],
    socialNetwork: "facebook",
  },
  {
    id: "refer-friends",
    icon: "user-plus",
    title: "Refer Your Friends",
    description: "Invite friends to the shop and earn points when they join.",
    points: EARN_ACTION_POINTS["refer-friends"],
    isDisabled: true,
  },
  {
    id: "post-review",
    icon: "star",
    title: "Post a review",
    description: "Tell other shoppers what you think of a product you bought.",
    points: EARN_ACTION_POINTS["post-review"],
    earnedThrough: {
      explanation: "Review points are given when our team approves your review of a product you bought.",
      path: "/member/reviews",
      label: "Write a review",
    },
  },
  {
    id: "tag-social",
    icon: "at-sign",
    title: "Tag us on social media",
    description: "Share a photo of your drinks and tag us on any social network.",
    points: EARN_ACTION_POINTS["tag-social"],
  },
];

/** The actions a member completes themselves (sign-up is given at membership creation). */
export const COMPLETABLE_ACTION_IDS: readonly EarnActionId[] = EARN_ACTIONS.filter((action) => action.id !== "sign-up").map(
  (action) => action.id,
);

export function findEarnAction(id: string): EarnAction | undefined {
  return EARN_ACTIONS.find((action) => action.id === id);
}

/** An action the shop's own code names; every id of EARN_ACTION_POINTS has one. */
export function earnAction(id: EarnActionId): EarnAction {
  const action = findEarnAction(id);
  if (!action) throw new Error(`No earn action "${id}" is defined.`);
  return action;
}

/** What the earn-points page lists: every action that is not hidden. */
export function visibleEarnActions(): EarnAction[] {
  return EARN_ACTIONS.filter((action) => !action.isHidden);
}
