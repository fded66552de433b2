/** Prints the closing "N passed, N failed" line for CI from the runners' JSON reports in a folder. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type VitestReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number };
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };

const folder = process.argv[2] ?? "ci-reports";
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(folder).filter((name) => name.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as Partial<VitestReport & PlaywrightReport>;
  if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += report.numPendingTests ?? 0;
  }
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
