/** Where Google and Facebook serve profile pictures; the only outside images pages may show. */
export const PROFILE_PICTURE_SOURCES = ["https://*.googleusercontent.com", "https://*.fbsbx.com", "https://*.fbcdn.net"];

const PICTURE_HOST = /^(?:[a-z0-9-]+\.)+(?:googleusercontent\.com|fbsbx\.com|fbcdn\.net)$/;

/** A member's picture is shown only from those hosts; anything else falls back to initials. */
export function displayablePicture(picture: string | null): string | null {
  if (!picture) return null;
  try {
    const url = new URL(picture);
    return url.protocol === "https:" && PICTURE_HOST.test(url.hostname) ? url.href : null;
  } catch {
    return null;
  }
}
