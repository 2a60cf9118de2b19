// `strand produce` and `strand consume` as a Kafka client, the same assertions against whichever broker
// `start` gives (Strand in test/integration/cli-produce-consume.test.ts, Apache Kafka 4.4.0 in
// test/interop/cli-produce-consume.test.ts): lines and JSON with keys and headers in every codec, each
// output format, partitions chosen by murmur2 as Java's producer, timestamps, acks 0/1/all, a group that
// resumes where its last run committed, -n, and bad flags (exit 2 naming flag, value and what is allowed).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { partitionForKey } from "../../src/cli/produce-consume/partitioner.ts";
import { withClient } from "../support/kafka-client.ts";
import { produceTransactions } from "../support/txn-produce.ts";
import { until } from "../support/until.ts";

const ROOT = resolve(import.meta.dir, "../..");
const enc = new TextEncoder();

export interface CliTarget {
  bootstrap: string;
  remove(): Promise<void>;
}

export interface CliRun {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export async function strandCli(bootstrap: string, args: string[], stdin = ""): Promise<CliRun> {
  const p = Bun.spawn([process.execPath, join(ROOT, "src/cli/main.ts"), ...args], {
    stdin: enc.encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, STRAND_BROKERS: bootstrap, STRAND_TIMEOUT_MS: "20000" },
  });
  const timer = setTimeout(() => p.kill("SIGKILL"), 60_000);
  const [stdout, stderr, exitCode] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  clearTimeout(timer);
  return { stdout, stderr, exitCode };
}

interface JsonRecord {
  topic: string;
  partition: number;
  offset: number;
  timestamp: number;
  key: string | null;
  value: string | null;
  headers: { key: string; value: string | null }[];
}

const parseLines = (s: string): JsonRecord[] => s.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as JsonRecord);

export function cliDataSuite(label: string, start: () => Promise<CliTarget | null>): void {
  let target: CliTarget | null = null;
  const cli = async (args: string[], stdin = "", expectCode = 0): Promise<CliRun> => {
    const r = await strandCli(target!.bootstrap, args, stdin);
    if (r.exitCode !== expectCode) throw new Error(`strand ${args.join(" ")} exited ${r.exitCode} (expected ${expectCode})\n${r.stderr}\n${r.stdout}`);
    return r;
  };

  beforeAll(async () => {
    target = await start();
    if (!target) return;
    await cli(["topic", "create", "lines", "codecs", "--partitions", "3", "--replication-factor", "1"]);
    await cli(["topic", "create", "grouped", "stamped", "txns", "stopped", "--partitions", "1", "--replication-factor", "1"]);
  }, 180_000);

  afterAll(async () => {
    await target?.remove();
  }, 60_000);

  test(`${label}: lines with key and headers in every codec come back in each format`, async () => {
    if (!target) return;
    const codecs = ["none", "gzip", "snappy", "lz4", "zstd"];
    for (const codec of codecs) {
      const r = await cli(["produce", "codecs", "-k", `key-${codec}`, "-H", "source=cli", "-H", `codec=${codec}`, "--compression", codec, "--json"], `${codec}-1\n${codec}-2\n${codec}-3\n`);
      const offsets = JSON.parse(r.stdout) as { topic: string; partition: number; offset: number }[];
      expect(offsets.length).toBe(3);
      // A keyed record goes where Kafka's Java producer puts it: murmur2(key) mod partitions.
      expect(new Set(offsets.map((o) => o.partition))).toEqual(new Set([partitionForKey(enc.encode(`key-${codec}`), 3)]));
      expect(offsets.map((o) => o.offset - offsets[0]!.offset)).toEqual([0, 1, 2]);
    }
    const json = parseLines((await cli(["consume", "codecs", "--format", "json", "-e"])).stdout);
    expect(json.length).toBe(15);
    for (const codec of codecs) {
      const mine = json.filter((r) => r.key === `key-${codec}`);
      expect(mine.map((r) => r.value)).toEqual([`${codec}-1`, `${codec}-2`, `${codec}-3`]);
      expect(mine[0]!.headers).toEqual([{ key: "source", value: "cli" }, { key: "codec", value: codec }]);
    }
    const values = (await cli(["consume", "codecs", "-e"])).stdout.split("\n").filter((l) => l !== "");
    expect(values.sort()).toEqual(codecs.flatMap((c) => [`${c}-1`, `${c}-2`, `${c}-3`]).sort());
    const p = partitionForKey(enc.encode("key-zstd"), 3);
    const templated = await cli(["consume", "codecs", "-p", String(p), "-e", "-f", "%t|%p|%k|%h|%s\\n"]);
    expect(templated.stdout).toContain(`codecs|${p}|key-zstd|source=cli,codec=zstd|zstd-1\n`);
    const counted = await cli(["consume", "codecs", "-n", "4", "--format", "json"]);
    expect(parseLines(counted.stdout).length).toBe(4);
    // KEY:VALUE lines (kcat -K), keys placed by murmur2 as before.
    await cli(["produce", "lines", "-K", ":"], "u1:v:1\nu2:v2\n");
    const keyed = parseLines((await cli(["consume", "lines", "-e", "--format", "json"])).stdout);
    expect(keyed.map((r) => [r.partition, r.key, r.value]).sort()).toEqual([[partitionForKey(enc.encode("u1"), 3), "u1", "v:1"], [partitionForKey(enc.encode("u2"), 3), "u2", "v2"]].sort());
  }, 120_000);

  test(`${label}: JSON input with tombstones, partitions and timestamps; --from @timestamp and offsets; acks`, async () => {
    if (!target) return;
    const input = [
      { key: "a", value: "first", timestamp: 1_000_000, headers: { h: "1" } },
      { key: "b", value: null, timestamp: 2_000_000 },
      { value: { nested: true }, timestamp: 3_000_000, headers: [{ key: "x", value: null }] },
    ].map((o) => JSON.stringify(o)).join("\n");
    await cli(["produce", "stamped", "--format", "json", "--acks", "1"], `${input}\n`);
    const all = parseLines((await cli(["consume", "stamped", "--format", "json", "-e"])).stdout);
    expect(all.map((r) => [r.key, r.value, r.timestamp])).toEqual([["a", "first", 1_000_000], ["b", null, 2_000_000], [null, '{"nested":true}', 3_000_000]]);
    expect(all[2]!.headers).toEqual([{ key: "x", value: null }]);
    const fromTs = await cli(["consume", "stamped", "--from", "@1500000", "-e", "-f", "%o:%T:%s\\n"]);
    expect(fromTs.stdout).toBe(`1:2000000:\n2:3000000:{"nested":true}\n`);
    expect((await cli(["consume", "stamped", "--from", "2", "-e"])).stdout).toBe('{"nested":true}\n');
    expect((await cli(["consume", "stamped", "-o", "-2", "-e", "-f", "%o\\n"])).stdout).toBe("1\n2\n");
    expect((await cli(["consume", "stamped", "-o", "-99", "-e", "-f", "%o\\n"])).stdout).toBe("0\n1\n2\n");
    expect((await cli(["consume", "stamped", "--from", "end", "-e"])).stdout).toBe("");
    const acks0 = await cli(["produce", "stamped", "--acks", "0", "--json"], "fire\n");
    expect(JSON.parse(acks0.stdout)).toEqual([{ topic: "stamped", partition: 0, offset: -1 }]);
    const acksAll = await cli(["produce", "stamped", "--json"], "sure\n");
    expect(JSON.parse(acksAll.stdout)).toEqual([{ topic: "stamped", partition: 0, offset: 4 }]);
    expect((await cli(["consume", "stamped", "--from", "3", "-e"])).stdout).toBe("fire\nsure\n");
  }, 120_000);

  test(`${label}: --group resumes where the last run committed`, async () => {
    if (!target) return;
    await cli(["produce", "grouped"], Array.from({ length: 10 }, (_, i) => `g${i}`).join("\n") + "\n");
    const first = await cli(["consume", "grouped", "--group", "cli-group", "-n", "4"]);
    expect(first.stdout).toBe("g0\ng1\ng2\ng3\n");
    const second = await cli(["consume", "grouped", "--group", "cli-group", "-n", "3"]);
    expect(second.stdout).toBe("g4\ng5\ng6\n");
    const rest = await cli(["consume", "grouped", "--group", "cli-group", "-e", "--format", "json"]);
    expect(parseLines(rest.stdout).map((r) => [r.offset, r.value])).toEqual([[7, "g7"], [8, "g8"], [9, "g9"]]);
    // Another group starts from --from.
    expect((await cli(["consume", "grouped", "--group", "other", "--from", "end", "-e"])).stdout).toBe("");
  }, 120_000);

  test(`${label}: bad flags exit 2 naming the flag, the value and what is allowed`, async () => {
    if (!target) return;
    const cases: Array<[string[], string]> = [
      [["produce", "lines", "--acks", "2"], 'invalid --acks "2": one of 0, 1, all, -1'],
      [["produce", "lines", "--compression", "brotli"], 'invalid --compression "brotli": one of none, gzip, snappy, lz4, zstd'],
      [["produce", "lines", "--batch-size", "0"], 'invalid --batch-size "0": an integer from 1 to'],
      [["consume", "lines", "--from", "yesterday"], 'invalid --from "yesterday": beginning, end, an offset (0 or more), -N (the last N records) or @<timestamp-ms>'],
      [["consume", "lines", "-n", "-3"], 'invalid --count "-3": an integer from 1 to'],
      [["consume", "lines", "--isolation", "dirty"], 'invalid --isolation "dirty": one of read_uncommitted, read_committed'],
      [["consume", "lines", "-f", "%q"], 'invalid -f "%q"'],
      [["consume", "lines", "-p", "7", "-e"], 'invalid --partition "7": partitions of lines: 0 to 2'],
      [["produce", "lines", "-p", "3"], 'invalid --partition "3": partitions of lines: 0 to 2'],
      [["produce", "lines", "-K", "="], 'invalid input line 1 "x": KEY=VALUE (--key-separator)'],
    ];
    const runs = await Promise.all(cases.map(([args]) => cli(args, "x\n", 2)));
    runs.forEach((r, i) => expect(r.stderr).toContain(cases[i]![1]));
    const bad = await cli(["produce", "lines", "--format", "json"], "{not json\n", 2);
    expect(bad.stderr).toContain("invalid input line 1");
  }, 120_000);

  test(`${label}: --isolation read_committed leaves out aborted transactions`, async () => {
    if (!target) return;
    await cli(["produce", "txns"], "plain-0\n");
    const port = Number(target.bootstrap.split(":").pop());
    const v = (s: string) => ({ value: enc.encode(s) });
    await withClient(port, (c) =>
      produceTransactions(c, "cli-txn", "txns", 0, [
        { records: [v("kept-1"), v("kept-2")], commit: true },
        { records: [v("dropped-1"), v("dropped-2")], commit: false, compression: 1 },
        { records: [v("kept-3")], commit: true, compression: 4 },
      ]),
    );
    await cli(["produce", "txns"], "plain-1\n");
    const committed = await cli(["consume", "txns", "--isolation", "read_committed", "-e"]);
    expect(committed.stdout).toBe("plain-0\nkept-1\nkept-2\nkept-3\nplain-1\n");
    const all = await cli(["consume", "txns", "-e", "-f", "%o %s\\n"]);
    // Offsets 3 and 6 hold the first transaction's COMMIT and the second's ABORT marker (control records, never shown).
    expect(all.stdout).toBe("0 plain-0\n1 kept-1\n2 kept-2\n4 dropped-1\n5 dropped-2\n7 kept-3\n9 plain-1\n");
  }, 120_000);

  test(`${label}: Ctrl-C commits what was printed before leaving the group`, async () => {
    if (!target) return;
    await cli(["produce", "stopped"], "s0\ns1\ns2\n");
    const p = Bun.spawn([process.execPath, join(ROOT, "src/cli/main.ts"), "consume", "stopped", "--group", "stopper"], {
      stdout: "pipe",
      stderr: "pipe",
      env: { ...process.env, STRAND_BROKERS: target.bootstrap },
    });
    let out = "";
    const reader = (async () => {
      for await (const chunk of p.stdout) out += new TextDecoder().decode(chunk);
    })();
    try {
      await until("the three records printed", async () => out === "s0\ns1\ns2\n", 30_000);
      p.kill("SIGINT");
      expect(await p.exited).toBe(0);
      await reader;
    } finally {
      p.kill("SIGKILL");
    }
    await cli(["produce", "stopped"], "s3\n");
    expect((await cli(["consume", "stopped", "--group", "stopper", "-e"])).stdout).toBe("s3\n");
  }, 120_000);

  // util-linux `script` gives the CLI a terminal on stderr; stdin is a file, so the bar knows the total.
  test.skipIf(Bun.which("script") === null)(`${label}: a bulk produce from a file draws a progress bar on a terminal only`, async () => {
    if (!target) return;
    const d = mkdtempSync(join(tmpdir(), "strand-cli-bulk-"));
    try {
      const file = join(d, "bulk.txt");
      const text = Array.from({ length: 20_000 }, (_, i) => `bulk-${i}`).join("\n") + "\n";
      writeFileSync(file, text);
      const command = [process.execPath, join(ROOT, "src/cli/main.ts"), "produce", "lines", "-p", "1"].join(" ");
      const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("STRAND_"))), STRAND_BROKERS: target.bootstrap };
      const tty = Bun.spawn(["script", "-qec", `${command} < ${file} >/dev/null`, "/dev/null"], { env, stdout: "pipe", stderr: "pipe" });
      const [screen, code] = await Promise.all([new Response(tty.stdout).text(), tty.exited]);
      expect(code).toBe(0);
      expect(screen).toContain("produce lines [");
      expect(screen).toContain(`${text.length}/${text.length}`);
      const piped = await cli(["produce", "lines", "-p", "1"], text);
      expect(piped.stderr).toBe("");
      expect(piped.stdout).toContain("20000");
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  }, 120_000);

  test(`${label}: two members split the partitions; when one leaves, the other goes on from its commit`, async () => {
    if (!target) return;
    await cli(["topic", "create", "shared", "--partitions", "2", "--replication-factor", "1"]);
    const members: Array<{ proc: ReturnType<typeof Bun.spawn>; out: () => string }> = [];
    const addMember = () => {
      const proc = Bun.spawn([process.execPath, join(ROOT, "src/cli/main.ts"), "consume", "shared", "--group", "duo", "-f", "%p %s\\n"], {
        stdout: "pipe",
        stderr: "pipe",
        env: { ...process.env, STRAND_BROKERS: target!.bootstrap },
      });
      let text = "";
      void (async () => {
        for await (const chunk of proc.stdout as ReadableStream<Uint8Array>) text += new TextDecoder().decode(chunk);
      })();
      members.push({ proc, out: () => text });
    };
    const assignments = async () => {
      const d = JSON.parse((await cli(["group", "describe", "duo", "--json"])).stdout) as { members: Array<{ assignment: Array<{ partitions: number[] }> }> };
      return d.members.map((m) => m.assignment.flatMap((a) => a.partitions).sort().join(",")).sort();
    };
    const produceTo = (records: Array<[number, string]>) => cli(["produce", "shared", "--format", "json"], records.map(([p, v]) => JSON.stringify({ value: v, partition: p })).join("\n") + "\n");
    const printed = () => members.flatMap((m) => m.out().split("\n").filter((l) => l !== ""));
    try {
      addMember();
      await until("the first member owns both partitions", async () => JSON.stringify(await assignments()) === JSON.stringify(["0,1"]), 30_000);
      addMember();
      await until("each member owns one partition", async () => JSON.stringify(await assignments()) === JSON.stringify(["0", "1"]), 30_000);
      await produceTo([[0, "a"], [1, "b"], [0, "c"], [1, "d"]]);
      await until("both members printed their partition", async () => printed().length === 4, 30_000);
      for (const m of members) expect(new Set(m.out().split("\n").filter((l) => l !== "").map((l) => l[0])).size).toBe(1);
      members[1]!.proc.kill("SIGINT");
      expect(await members[1]!.proc.exited).toBe(0);
      await until("the first member owns both partitions again", async () => JSON.stringify(await assignments()) === JSON.stringify(["0,1"]), 30_000);
      await produceTo([[0, "e"], [1, "f"]]);
      await until("the new records printed", async () => printed().length >= 6, 30_000);
      // Nothing printed twice: the partition taken over resumed from the leaving member's commit.
      expect(printed().sort()).toEqual(["0 a", "0 c", "0 e", "1 b", "1 d", "1 f"]);
      members[0]!.proc.kill("SIGINT");
      expect(await members[0]!.proc.exited).toBe(0);
    } finally {
      for (const m of members) m.proc.kill("SIGKILL");
    }
  }, 120_000);
}
