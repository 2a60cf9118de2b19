// A broker killed in the middle of a transaction's markers finishes the transaction after its restart
// (issue 11, point 5): the transaction coordinator has written PREPARE_COMMIT (or PREPARE_ABORT) to
// __transaction_state, the marker is on the first partition only, and the process dies with SIGKILL
// (STRAND_TEST_TXN_MARKER_CRASH, src/server/txn-marker-crash.ts: the window is too short to hit from
// outside). The restarted broker reloads the transaction, writes the missing markers and completes it:
// no hanging transaction (every LSO reaches the high watermark, no open transaction in
// DescribeProducers) and no torn one (read_committed returns every committed record once and no
// aborted one, on every partition). Scenario: test/support/txn-crash-scenario.ts; the long version
// with seeded random rounds is test/chaos/transactions-crash.test.ts (make chaos).
import { afterAll, test } from "bun:test";
import { TxnCrashScenario } from "../support/txn-crash-scenario.ts";

const scenario = new TxnCrashScenario(3, "crash-short");
afterAll(() => scenario.close(), 120_000);

test("SIGKILL between the markers of a commit: the restarted broker writes the rest and completes it", () => scenario.runRound({ completeBefore: 0, commits: [true], recordsPerPartition: 4 }), { timeout: 90_000 });

test("then, on the same data, SIGKILL between the markers of an abort after a completed commit", () => scenario.runRound({ completeBefore: 1, commits: [true, false], recordsPerPartition: 4 }), { timeout: 90_000 });
