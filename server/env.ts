import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

const envSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "staging", "production"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection URL")
      .optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    BRAND_NAME: z.string().min(1).max(60).default("Nectar Lab"),
    DEBUG_TOOLS: booleanFlag,
    PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV === "production" && env.DEBUG_TOOLS) {
      ctx.addIssue({ code: "custom", path: ["DEBUG_TOOLS"], message: "debug tools are refused when APP_ENV=production" });
    }
  });

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** The only reader of process.env: every setting is checked here once, at start. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const withoutBlanks = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(withoutBlanks);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "(settings)"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
