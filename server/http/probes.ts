export const LIVENESS_PATH = "/healthz";
export const READINESS_PATH = "/readyz";

/**
 * Whether this process should be sent traffic: not while it starts (migrations, job workers), and not
 * from the moment it is asked to stop (while its requests drain).
 */
export type Readiness = { state: "starting" | "ready" | "stopping" };

const NO_STORE = { "Cache-Control": "no-store" };

/** Liveness, for a process supervisor (which restarts a process that stops answering): 200 while it answers at all. */
export function livenessAnswer(): Response {
  return Response.json({ ok: true }, { headers: NO_STORE });
}

/** Readiness, for a load balancer (which sends requests only where it says 200): 503 while starting or stopping. */
export function readinessAnswer(readiness: Readiness): Response {
  const ready = readiness.state === "ready";
  return Response.json({ ready, state: readiness.state }, { status: ready ? 200 : 503, headers: NO_STORE });
}

/** While the database migrates and the services start: the probes answer, every other address is 503. */
export function startingAnswer(request: Request, readiness: Readiness): Response {
  const { pathname } = new URL(request.url);
  if (pathname === LIVENESS_PATH) return livenessAnswer();
  if (pathname === READINESS_PATH) return readinessAnswer(readiness);
  return new Response("Starting: the shop will answer in a moment.", {
    status: 503,
    headers: { ...NO_STORE, "Retry-After": "1", "Content-Type": "text/plain; charset=utf-8" },
  });
}
