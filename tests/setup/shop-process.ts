import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { eventually } from "./test-jobs.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type ShopProcess = { baseUrl: string; child: ChildProcess; exited: Promise<number | null> };

/** `node server/index.ts` as production runs it, on the loopback at `port`, once it says it is ready. */
export async function startShopProcess(port: number, env: Record<string, string>): Promise<ShopProcess> {
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  child.stdout?.on("data", collect);
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  await eventually(
    async () => {
      if (exitCode !== undefined) throw new Error(`the shop process exited with ${exitCode} before it was ready:\n${output}`);
      return output;
    },
    (logged) => logged.includes('"msg":"shop ready'),
    90_000,
  );
  child.stdout?.off("data", collect);
  child.stdout?.resume(); // its log is not needed after this
  return { baseUrl: `http://127.0.0.1:${port}`, child, exited };
}
