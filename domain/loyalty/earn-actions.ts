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
};

export type EarnActionId = "sign-up" | "follow-ig" | "follow-tt" | "follow-fb" | "refer-friends" | "post-review" | "tag-social";

/** The earn actions in the order members see them (DESIGN.md §3, SPEC.md §5 and §9). */
export const EARN_ACTIONS: readonly EarnAction[] = [
  {
    id: "sign-up",
    icon: "badge-check",
    title: "Sign up",
    description: "Join the loyalty programme. Given when your membership is created.",
    points: 50,
  },
  {
    id: "follow-ig",
    icon: "camera",
    title: "Follow us on Instagram",
    description: "Follow our Instagram account for new flavours, recipes and member offers.",
    points: 50,
  },
  {
    id: "follow-tt",
    icon: "music",
    title: "Follow Us on TikTok",
    description: "Follow our TikTok account for short videos and behind-the-scenes moments.",
    points: 50,
    isHidden: true,
  },
  {
    id: "follow-fb",
    icon: "thumbs-up",
    title: "Like us on Facebook",
    description: "Like our Facebook page to hear about launches and events first.",
    points: 50,
  },
  {
    id: "refer-friends",
    icon: "user-plus",
    title: "Refer Your Friends",
    description: "Invite friends to the shop and earn points when they join.",
    points: 200,
    isDisabled: true,
  },
  {
    id: "post-review",
    icon: "star",
    title: "Post a review",
    description: "Tell other shoppers what you think of a product you bought.",
    points: 50,
  },
  {
    id: "tag-social",
    icon: "at-sign",
    title: "Tag us on social media",
    description: "Share a photo of your drinks and tag us on any social network.",
    points: 50,
  },
];

/** The actions a member completes themselves (sign-up is given at membership creation). */
export const COMPLETABLE_ACTION_IDS: readonly EarnActionId[] = EARN_ACTIONS.filter((action) => action.id !== "sign-up").map(
  (action) => action.id,
);

export function findEarnAction(id: string): EarnAction | undefined {
  return EARN_ACTIONS.find((action) => action.id === id);
}

/** What the earn-points page lists: every action that is not hidden. */
export function visibleEarnActions(): EarnAction[] {
  return EARN_ACTIONS.filter((action) => !action.isHidden);
}
