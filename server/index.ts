import { DataDirBusyError } from "../db/data-dir-lock.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { startServer } from "./start.ts";

try {
  const server = await startServer(loadConfig());
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server.logger.info({ signal }, "shutting down");
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          server.logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  if (error instanceof DataDirBusyError) {
    console.error(
      `${error.message}\nThe embedded database serves one shop at a time: stop the other one, give this one another DATA_DIR, or run several on PostgreSQL (DATABASE_URL).`,
    );
    process.exit(1);
  }
  throw error;
}
