// The long version of test/integration/transactions-crash (make chaos): STRAND_CHAOS_ROUNDS rounds
// (default 3 in make test, make chaos sets 40) on one data dir, each killing the broker with SIGKILL
// between the markers of a transaction chosen at random (seeded: STRAND_CHAOS_SEED, printed): a random
// number of transactions completes first, each committed or aborted at random, and the partitions
// and record counts vary. After every restart the crashed transaction is finished and read_committed
// returns exactly the committed records of all rounds so far (test/support/txn-crash-scenario.ts).
import { afterAll, test } from "bun:test";
import { seededRandom, TxnCrashScenario } from "../support/txn-crash-scenario.ts";

const ROUNDS = Math.max(1, Number(process.env.STRAND_CHAOS_ROUNDS ?? 3));
const SEED = Number(process.env.STRAND_CHAOS_SEED ?? Date.now() % 1_000_000);
const random = seededRandom(SEED);
const partitions = 1 + Math.floor(random() * 4);
const scenario = new TxnCrashScenario(partitions, "crash-chaos");
afterAll(() => scenario.close(), 120_000);

test(`${ROUNDS} SIGKILLs between transaction markers (seed ${SEED}, ${partitions} partitions)`, async () => {
  console.log(`[chaos transactions-crash] seed=${SEED} rounds=${ROUNDS} partitions=${partitions} (STRAND_CHAOS_SEED=${SEED} repeats it)`);
  for (let i = 0; i < ROUNDS; i++) {
    const completeBefore = Math.floor(random() * 4);
    const commits = Array.from({ length: completeBefore + 1 }, () => random() < 0.6);
    await scenario.runRound({ completeBefore, commits, recordsPerPartition: 1 + Math.floor(random() * 20) });
  }
}, { timeout: 30_000 + ROUNDS * 30_000 });
