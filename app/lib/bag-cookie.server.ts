export const BAG_COOKIE = "bag";
/** Sixty days: a bag outlives a visit; the visitor cookie lives as long. */
export const BAG_COOKIE_MAX_AGE = 60 * 24 * 60 * 60;

export function readBagToken(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === BAG_COOKIE) return value.join("=") || null;
  }
  return null;
}

export function bagCookie(token: string, secure: boolean): string {
  return `${BAG_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BAG_COOKIE_MAX_AGE}${secure ? "; Secure" : ""}`;
}
