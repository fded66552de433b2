import type { TestServer } from "../setup/test-server.ts";
import { test } from "./fixtures.ts";

/**
 * Closes a journey's own shop, from its afterAll hook. Closing lets the jobs under way finish (up to
 * 20 s, `server/jobs.ts`), which on a busy machine can outlast a hook's 30 s.
 */
export async function closeOwnShop(shop: TestServer | undefined): Promise<void> {
  test.setTimeout(60_000);
  await shop?.close();
}
