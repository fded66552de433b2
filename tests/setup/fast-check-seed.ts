import fc from "fast-check";

/**
 * Property tests explore new input on every run, from a seed printed once per test file; a failure
 * replays with `FC_SEED=<that seed>`. Imported by each file whose properties should follow it.
 */
function seedOf(given: string | undefined): number {
  if (given === undefined || given === "") return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(given);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be a whole number, not "${given}"`);
  return seed;
}

const seed = seedOf(process.env.FC_SEED);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
console.log(`fast-check seed: ${seed}`);
