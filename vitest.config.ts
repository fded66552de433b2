import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/{unit,integration,api}/**/*.test.ts"],
    globalSetup: ["tests/setup/database-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // Files share their worker's modules (decision 033): the server, React Router's build and
    // PGlite's WebAssembly are loaded once per worker instead of once per file. Each file still
    // gets its own database, shop and ports.
    isolate: false,
  },
});
