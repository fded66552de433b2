export const HOME_TITLE = "Drinkable Nutrition. Look Better Feel Better.";
export const TITLE_SEPARATOR = " | ";

/** The last path segment with each word capitalised: /shop/luna-collagen -> "Luna Collagen". */
export function titleFromPath(pathname: string): string {
  const last = pathname.split("/").filter(Boolean).pop() ?? "";
  return decodeSegment(last)
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function errorTitle(status: number, message: string): string {
  return `${status} - ${message}`;
}

export function documentTitle(title: string, brandName: string): string {
  return title ? `${title}${TITLE_SEPARATOR}${brandName}` : brandName;
}
