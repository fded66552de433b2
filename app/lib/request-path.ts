/** The page path a loader serves, also for client navigations, whose data requests end in ".data". */
export function requestPath(request: Request): string {
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  return pathname === "/_root" ? "/" : pathname;
}
