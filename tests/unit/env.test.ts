import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/env.ts";

describe("configuration", () => {
  it("runs on the embedded defaults with no settings", () => {
    expect(loadConfig({})).toMatchObject({
      APP_ENV: "development",
      PORT: 3000,
      DATA_DIR: "./data",
      BRAND_NAME: "Nectar Lab",
      DEBUG_TOOLS: false,
    });
  });

  it("takes PORT, DATA_DIR and DATABASE_URL", () => {
    const config = loadConfig({ PORT: "4100", DATA_DIR: "/tmp/shop", DATABASE_URL: "postgres://u:p@db:5432/shop" });
    expect(config).toMatchObject({ PORT: 4100, DATA_DIR: "/tmp/shop", DATABASE_URL: "postgres://u:p@db:5432/shop" });
  });

  it("treats blank settings as unset", () => {
    const config = loadConfig({ PORT: "", DATABASE_URL: "" });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("stops with a message naming each bad setting", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", APP_ENV: "prod" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });

  it("refuses debug tools in production", () => {
    expect(() => loadConfig({ APP_ENV: "production", DEBUG_TOOLS: "true" })).toThrow(/DEBUG_TOOLS: debug tools are refused/);
    expect(loadConfig({ APP_ENV: "staging", DEBUG_TOOLS: "true" }).DEBUG_TOOLS).toBe(true);
  });

  it("takes the brand's social pages as https addresses only", () => {
    expect(loadConfig({}).BRAND_INSTAGRAM_URL).toBe("https://www.instagram.com/nectarlab.sg");
    expect(loadConfig({ BRAND_FACEBOOK_URL: "https://www.facebook.com/example" }).BRAND_FACEBOOK_URL).toBe(
      "https://www.facebook.com/example",
    );
    for (const bad of ["http://www.tiktok.com/@example", "javascript:alert(1)", "tiktok.com/@example"]) {
      expect(() => loadConfig({ BRAND_TIKTOK_URL: bad })).toThrow(/BRAND_TIKTOK_URL/);
    }
  });
});
