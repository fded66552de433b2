/** The build a page or the server runs: written in by Vite at build time (`scripts/app-build.ts`). */
export type AppBuild = {
  /** Differs between any two builds. */
  id: string;
  /** The shop's version, from package.json. */
  version: string;
  /** ISO 8601, UTC. */
  builtAt: string;
};

declare const __APP_BUILD__: AppBuild;

export const APP_BUILD: AppBuild = __APP_BUILD__;
