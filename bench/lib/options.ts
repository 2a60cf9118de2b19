// Command-line options of bench/run.ts, with the full (`make bench`) and --quick defaults.
import { tmpdir } from "node:os";

export type SystemName = "kafka" | "strand";

export interface BenchOptions {
  quick: boolean;
  rounds: number;
  /** Bytes produced per produce workload and read back by the consume workload, in MiB. */
  dataMiB: number;
  recordBytes: number;
  latencyRatePerSec: number;
  latencyDurationS: number;
  latencyWarmupS: number;
  latencyAcks: string;
  /** Transactional produce: ProducerPerformance and the franz-go producer commit every txnDurationMs. */
  txnDurationMs: number;
  /** Commit latency: transactions of txnRecords records each, the first txnWarmup not counted. */
  txnCommits: number;
  txnRecords: number;
  txnWarmup: number;
  manyPartitions: number;
  /** Compaction workload (issue 15): key + value MiB written to the compacted topic, and its distinct keys. */
  compactMiB: number;
  compactKeys: number;
  metadataRequests: number;
  /** Share-group workload (issue 17): MiB of 1 KiB records read by each share group. */
  shareMiB: number;
  /** Elections workload (issue 12): SIGKILLs of the active controller per three-node cluster session. */
  electionKills: number;
  /** franz-go workloads (issue 18): client processes run at once, sharing the records or the partitions. */
  franzProcs: number;
  /** Log the broker's GCs in the main session (Kafka -Xlog:gc, Strand BUN_JSC_logGC=1) for the gc.* rows. */
  gcLog: boolean;
  idleSettleMs: number;
  ceilingMiB: number;
  kafkaHeapMb: number;
  /** "compiled" (fresh `bun build --compile` into the work dir), "source" (`bun src/cli/main.ts`), or a path. */
  strand: string;
  /** Slot a (baseline) and b (candidate); "kafka,kafka" checks the harness itself. */
  pair: [SystemName, SystemName];
  dataRoot: string;
  /** Skip workloads whose id starts with any of these (e.g. "many", "consume"). */
  skip: string[];
  /** When not empty: run only the workloads whose id starts with one of these (e.g. "compact"). */
  only: string[];
  writeReadme: boolean;
  resultsDir: string | null;
}

export const USAGE = `usage: bun bench/run.ts [options]        (make bench = no options)
  --quick                 small sizes, 1 round: a few minutes (results go to bench/results/tmp/, README untouched)
  --rounds N              rounds of A B alternation (default 3; quick 1)
  --data-mib N            MiB per produce workload, read back by the consume workload (default 2048; quick 64)
  --latency-rate N        records/s of the fixed-rate latency workload (default 2000; quick 1000)
  --latency-seconds N     its duration (default 30; quick 6), first --latency-warmup-seconds (5; quick 1) not counted
  --latency-acks 1|all    (default all)
  --txn-duration-ms N      transactional produce (Java and franz-go clients): a commit every N ms (default 100)
  --txn-commits N         commit-latency transactions (default 1000; quick 200), first --txn-warmup (100; quick 20) not counted,
                          --txn-records records of --record-size each per transaction (default 10)
  --many-partitions N     partitions of the Metadata workload's topic (default 10000; quick 1000)
  --compact-mib N         compaction workload: key + value MiB written to a compacted topic (default 1024; quick 64)
  --compact-keys N        ... its distinct keys, each written about compact-mib / (keys * 266 B) times (default 1048576; quick 65536)
  --metadata-requests N   Metadata round trips, median reported (default 50; quick 20)
  --share-mib N           share-group workload: MiB of 1 KiB records each share group (1, 4, 16 consumers) reads (default 256; quick 8)
  --election-kills N      elections workload: SIGKILLs of the active controller per 3-node cluster and round (default 5; quick 2)
  --franz-procs N         franz-go produce/consume workloads: client processes at once (default 2)
  --no-gc-log             do not log the brokers' GCs in the main session (no gc.* rows)
  --kafka-heap-mb N       Kafka broker heap, -Xms = -Xmx (default 1024)
  --strand compiled|source|PATH   how Strand runs (default compiled: a fresh build, as make build)
  --pair A,B              systems in the two slots (default kafka,strand; kafka,kafka tests the harness)
  --dir PATH              parent of both brokers' data dirs (default ${tmpdir()})
  --skip a,b              skip workloads: startup is always run; produce, consume, franz (the franz-go produce and consume), txn, latency, many, compact, restart, elections,
                          replicated (3 nodes, RF 3, acks=all), share (share groups, KIP-932), tls (produce and consume over SSL), sasl_ssl (the same over SASL_SSL, SCRAM-SHA-512), ceilings
                          (a prefix of workload ids: txn = txn.produce, txn.produce.franz, txn.commit)
  --only a,b              run only these workloads (same prefixes; the main session, start-up included, is not started
                          unless one of its workloads is listed): --only compact runs the log-cleaner workload alone
  --no-readme             do not rewrite the README table
  --results-dir PATH      where the JSON and SVG go (default bench/results, quick: bench/results/tmp)`;

export class OptionError extends Error {
  constructor(
    readonly option: string,
    readonly value: string | undefined,
    readonly allowed: string,
  ) {
    super(`bad option ${option}${value === undefined ? "" : ` ${JSON.stringify(value)}`}: expected ${allowed}\n\n${USAGE}`);
    this.name = "OptionError";
  }
}

export function parseOptions(argv: readonly string[]): BenchOptions {
  const quick = argv.includes("--quick");
  const o: BenchOptions = {
    quick,
    rounds: quick ? 1 : 3,
    dataMiB: quick ? 64 : 2048,
    recordBytes: 1024,
    latencyRatePerSec: quick ? 1000 : 2000,
    latencyDurationS: quick ? 6 : 30,
    latencyWarmupS: quick ? 1 : 5,
    latencyAcks: "all",
    txnDurationMs: 100,
    txnCommits: quick ? 200 : 1000,
    txnRecords: 10,
    txnWarmup: quick ? 20 : 100,
    manyPartitions: quick ? 1000 : 10_000,
    compactMiB: quick ? 64 : 1024,
    compactKeys: quick ? 65_536 : 1_048_576,
    metadataRequests: quick ? 20 : 50,
    shareMiB: quick ? 8 : 256,
    electionKills: quick ? 2 : 5,
    franzProcs: 2,
    gcLog: true,
    idleSettleMs: quick ? 2_000 : 5_000,
    ceilingMiB: quick ? 512 : 2048,
    kafkaHeapMb: 1024,
    strand: "compiled",
    pair: ["kafka", "strand"],
    dataRoot: tmpdir(),
    skip: [],
    only: [],
    writeReadme: !quick,
    resultsDir: null,
  };
  const int = (flag: string, v: string | undefined, min: number, max: number): number => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n) || n < min || n > max) throw new OptionError(flag, v, `an integer in ${min}..${max}`);
    return n;
  };
  // Bounded by argv's length: each step consumes one or two arguments.
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const next = () => argv[++i];
    switch (flag) {
      case "--quick": break;
      case "--rounds": o.rounds = int(flag, next(), 1, 20); break;
      case "--data-mib": o.dataMiB = int(flag, next(), 1, 65_536); break;
      case "--latency-rate": o.latencyRatePerSec = int(flag, next(), 1, 100_000); break;
      case "--latency-seconds": o.latencyDurationS = int(flag, next(), 2, 3_600); break;
      case "--latency-warmup-seconds": o.latencyWarmupS = int(flag, next(), 0, 600); break;
      case "--latency-acks": {
        const v = next();
        if (v !== "1" && v !== "all") throw new OptionError(flag, v, "1 or all");
        o.latencyAcks = v;
        break;
      }
      case "--txn-duration-ms": o.txnDurationMs = int(flag, next(), 1, 600_000); break;
      case "--txn-commits": o.txnCommits = int(flag, next(), 2, 1_000_000); break;
      case "--txn-records": o.txnRecords = int(flag, next(), 1, 100_000); break;
      case "--txn-warmup": o.txnWarmup = int(flag, next(), 0, 100_000); break;
      case "--many-partitions": o.manyPartitions = int(flag, next(), 1, 100_000); break;
      case "--metadata-requests": o.metadataRequests = int(flag, next(), 1, 10_000); break;
      case "--share-mib": o.shareMiB = int(flag, next(), 1, 65_536); break;
      case "--election-kills": o.electionKills = int(flag, next(), 1, 100); break;
      case "--franz-procs": o.franzProcs = int(flag, next(), 1, 16); break;
      case "--no-gc-log": o.gcLog = false; break;
      case "--kafka-heap-mb": o.kafkaHeapMb = int(flag, next(), 256, 65_536); break;
      case "--strand": {
        const v = next();
        if (!v) throw new OptionError(flag, v, "compiled, source or a path");
        o.strand = v;
        break;
      }
      case "--pair": {
        const v = next() ?? "";
        const p = v.split(",");
        if (p.length !== 2 || !p.every((x) => x === "kafka" || x === "strand")) throw new OptionError(flag, v, "two of kafka|strand, comma-separated");
        o.pair = [p[0] as SystemName, p[1] as SystemName];
        break;
      }
      case "--dir": {
        const v = next();
        if (!v) throw new OptionError(flag, v, "a directory");
        o.dataRoot = v;
        break;
      }
      case "--compact-mib": o.compactMiB = int(flag, next(), 1, 65_536); break;
      case "--compact-keys": o.compactKeys = int(flag, next(), 1, 100_000_000); break;
      case "--skip": o.skip = (next() ?? "").split(",").filter((x) => x !== ""); break;
      case "--only": {
        const v = next() ?? "";
        o.only = v.split(",").filter((x) => x !== "");
        if (o.only.length === 0) throw new OptionError(flag, v, "a comma-separated list of workload prefixes");
        break;
      }
      case "--no-readme": o.writeReadme = false; break;
      case "--readme": o.writeReadme = true; break;
      case "--results-dir": {
        const v = next();
        if (!v) throw new OptionError(flag, v, "a directory");
        o.resultsDir = v;
        break;
      }
      case "--help": case "-h":
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new OptionError(flag, undefined, "one of the options below");
    }
  }
  if (o.txnWarmup >= o.txnCommits) throw new OptionError("--txn-warmup", String(o.txnWarmup), "less than --txn-commits");
  if (o.latencyWarmupS >= o.latencyDurationS) throw new OptionError("--latency-warmup-seconds", String(o.latencyWarmupS), "less than --latency-seconds");
  return o;
}
