/** PostgreSQL's unique_violation, from either driver, whether or not the ORM wrapped the error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth++) {
    if (typeof current === "object" && "code" in current && current.code === "23505") return true;
    current = typeof current === "object" && "cause" in current ? current.cause : null;
  }
  return false;
}
