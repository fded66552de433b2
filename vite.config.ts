import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { appBuild } from "./scripts/app-build.ts";
import { precompressAssets } from "./scripts/precompress-assets.ts";
import { shellChunk } from "./scripts/shell-chunk.ts";

export default defineConfig({
  define: { __APP_BUILD__: JSON.stringify(appBuild()) },
  plugins: [tailwindcss(), reactRouter(), shellChunk(), precompressAssets()],
});
