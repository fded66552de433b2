import { displayablePicture } from "../../domain/members/profile-picture.ts";

/** "Tan Wei Ling" -> "TW"; an empty name -> "?". */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase());
  return letters.join("") || "?";
}

/** The member's picture from their social account, or their initials when they have none. */
export function MemberAvatar({ name, picture: storedPicture }: { name: string; picture: string | null }) {
  const picture = displayablePicture(storedPicture);
  if (picture) {
    return (
      <img
        src={picture}
        alt={name}
        width={72}
        height={72}
        referrerPolicy="no-referrer"
        className="size-18 shrink-0 rounded-full border border-slate-200 object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-18 shrink-0 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white"
    >
      {initialsOf(name)}
    </span>
  );
}
