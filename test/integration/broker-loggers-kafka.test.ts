// Issue 19 item 2: BROKER_LOGGER (config resource type 8) as Kafka 4.4.0 answers it. The same
// DescribeConfigs / IncrementalAlterConfigs sequence runs against Strand and against Kafka and the
// answers are compared exactly: levels after SET, DELETE (back to root's level), root's own changes,
// validate_only, and every error (unknown logger, bad or lower-case level, APPEND/SUBTRACT, unknown
// operation id, DELETE of root, null value, duplicate key, wrong/non-numeric/empty node id, legacy
// AlterConfigs). The full listing: every logger Strand lists is one Kafka lists, with the same flags,
// in the same relative order. kafka-configs.sh --entity-type broker-loggers prints the same on both.
// A raised level takes effect at once (kafka.request.logger's "Completed request" DEBUG line appears on
// both, and stops after DELETE), and levels are not kept across a restart on either.
import { afterAll, expect, test } from "bun:test";
import { KafkaTestClient, withClient } from "../support/kafka-client.ts";
import { KAFKA_MAIN, probeKafkaDist, runKafkaClass, startKafka, type KafkaHandle } from "../support/kafka-dist.ts";
import { startStrand, removeDataDir, type StrandHandle } from "../support/strand.ts";
import { waitForOutput } from "../support/output.ts";
import { createTopic, produce } from "../unit/produce/wire-helpers.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { BROKER_LOGGER_NAMES } from "../../src/server/broker-loggers.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}, 120_000);

const RM = "kafka.server.ReplicaManager";
const REQ = "kafka.request.logger";
const APIS = "kafka.server.KafkaApis";
const SET = 0;
const DELETE = 1;

interface Entry {
  name: string;
  value: string | null;
  readOnly: boolean;
  configSource: number;
  isSensitive: boolean;
  synonyms: unknown[];
  configType: number;
  documentation: string | null;
}
interface DescribeResult {
  errorCode: number;
  errorMessage: string | null;
  configs: Entry[];
}

function describeLoggers(c: KafkaTestClient, keys: string[] | null, o: { version?: number; name?: string; synonyms?: boolean; docs?: boolean } = {}): Promise<DescribeResult> {
  const v = o.version ?? 4;
  return c
    .request<{ results: DescribeResult[] }>(32, v, {
      resources: [{ resourceType: 8, resourceName: o.name ?? "1", configurationKeys: keys }],
      includeSynonyms: o.synonyms ?? true,
      includeDocumentation: v >= 3 && (o.docs ?? true),
    })
    .then((r) => r.results[0]!);
}

async function levels(c: KafkaTestClient, keys: string[]): Promise<Array<[string, string | null]>> {
  const r = await describeLoggers(c, keys);
  return r.configs.map((e) => [e.name, e.value]);
}

type Op = { name: string; configOperation: number; value: string | null };
async function alter(c: KafkaTestClient, configs: Op[], o: { validateOnly?: boolean; name?: string } = {}): Promise<[number, string | null]> {
  const r = await c.request<{ responses: Array<{ errorCode: number; errorMessage: string | null }> }>(44, 1, {
    resources: [{ resourceType: 8, resourceName: o.name ?? "1", configs }],
    validateOnly: o.validateOnly ?? false,
  });
  return [r.responses[0]!.errorCode, r.responses[0]!.errorMessage];
}
const set = (name: string, value: string | null): Op => ({ name, configOperation: SET, value });
const del = (name: string): Op => ({ name, configOperation: DELETE, value: null });

/** The describe/alter/delete sequence; every answer goes into the returned record, in order. */
async function sequence(c: KafkaTestClient): Promise<Array<[string, unknown]>> {
  const out: Array<[string, unknown]> = [];
  const note = (what: string, v: unknown) => out.push([what, v]);
  note("fresh", await levels(c, [RM, "root", REQ]));
  note("unknown logger", await alter(c, [set("no.such.Logger", "DEBUG")]));
  note("bad level", await alter(c, [set(RM, "FOO")]));
  note("lower-case level", await alter(c, [set(RM, "debug")]));
  note("level ALL", await alter(c, [set(RM, "ALL")]));
  note("empty level", await alter(c, [set(RM, "")]));
  note("null level", await alter(c, [set(RM, null)]));
  note("append", await alter(c, [{ name: RM, configOperation: 2, value: "DEBUG" }]));
  note("subtract", await alter(c, [{ name: RM, configOperation: 3, value: "DEBUG" }]));
  note("unknown op", await alter(c, [{ name: RM, configOperation: 7, value: "DEBUG" }]));
  note("delete root", await alter(c, [del("root")]));
  note("delete unknown", await alter(c, [del("no.such.Logger")]));
  note("duplicate key", await alter(c, [set(RM, "DEBUG"), set(RM, "INFO")]));
  note("wrong node", await alter(c, [set("root", "INFO")], { name: "2" }));
  note("non-numeric node", await alter(c, [set("root", "INFO")], { name: "x" }));
  note("empty node", await alter(c, [set("root", "INFO")], { name: "" }));
  note("valid then invalid", await alter(c, [set(RM, "DEBUG"), set("no.such", "DEBUG")]));
  note("after valid then invalid", await levels(c, [RM]));
  note("validate only", await alter(c, [set(RM, "TRACE")], { validateOnly: true }));
  note("after validate only", await levels(c, [RM]));
  note("set", await alter(c, [set(RM, "DEBUG")]));
  note("after set", await levels(c, [RM, "root"]));
  note("root warn", await alter(c, [set("root", "WARN")]));
  note("after root warn", await levels(c, [RM, "root", REQ]));
  note("delete", await alter(c, [del(RM)]));
  note("after delete", await levels(c, [RM, "root"]));
  note("root info", await alter(c, [set("root", "INFO")]));
  note("after root info", await levels(c, [RM, "root"]));
  note("fatal then delete", [await alter(c, [set(RM, "FATAL")]), await levels(c, [RM]), await alter(c, [del(RM)]), await levels(c, [RM])]);
  const legacy = await c.request<{ responses: Array<{ errorCode: number; errorMessage: string | null }> }>(33, 2, {
    resources: [{ resourceType: 8, resourceName: "1", configs: [{ name: "root", value: "INFO" }] }],
    validateOnly: false,
  });
  note("legacy AlterConfigs", [legacy.responses[0]!.errorCode, legacy.responses[0]!.errorMessage]);
  for (const name of ["2", "", "x"]) {
    const r = await describeLoggers(c, null, { name });
    note(`describe node "${name}"`, [r.errorCode, r.errorMessage, r.configs.length]);
  }
  note("describe unknown key", (await describeLoggers(c, ["no.such.Logger"])).configs);
  note("describe empty key list lists root", (await describeLoggers(c, [])).configs.some((e) => e.name === "root"));
  for (const version of [1, 2, 3, 4]) {
    for (const flags of [{ synonyms: false, docs: false }, { synonyms: true, docs: true }]) {
      const r = await describeLoggers(c, ["root"], { version, ...flags });
      note(`describe v${version} ${JSON.stringify(flags)}`, [r.errorCode, r.errorMessage, r.configs]);
    }
  }
  return out;
}

/** kafka-configs.sh --entity-type broker-loggers: describe (Strand's loggers' lines), alter, delete, a bad level. */
async function configsTool(bootstrap: string, names: ReadonlySet<string>): Promise<string[]> {
  const run = async (...args: string[]) => {
    const r = await runKafkaClass(KAFKA_MAIN.configs, ["--bootstrap-server", bootstrap, "--entity-type", "broker-loggers", "--entity-name", "1", ...args], { timeoutMs: 60_000 });
    const text = `exit=${r.exitCode}\n${r.stdout}${r.stderr.split("\n").filter((l) => !/^\[[^\]]*\] WARN |^\s*$|^\s+at /.test(l)).join("\n")}`;
    return text.replaceAll(bootstrap, "BOOTSTRAP");
  };
  const listing = await run("--describe");
  // Kafka lists ~170 loggers, Strand its own: the header and Strand's loggers' lines are compared.
  const kept = listing.split("\n").filter((l) => !/^\s+\S+=/.test(l) || names.has(/^\s+([^=]+)=/.exec(l)![1]!));
  return [
    kept.join("\n"),
    await run("--alter", "--add-config", `${RM}=DEBUG`),
    await run("--alter", "--delete-config", RM),
    await run("--alter", "--add-config", `${RM}=NOPE`),
  ];
}

/**
 * Raises kafka.request.logger to DEBUG: the next request's "Completed request" line appears; after
 * DELETE none appears between the DELETE's own WARN line and a later change's WARN line (the broker
 * writes its log in order, so that slice holds every line written in between).
 */
async function requestLoggerTakesEffect(c: KafkaTestClient, output: () => string, completedLine: RegExp): Promise<void> {
  const countBefore = (output().match(completedLine) ?? []).length;
  expect(await alter(c, [set(REQ, "DEBUG")])).toEqual([0, null]);
  await c.request(3, 12, { topics: [], allowAutoTopicCreation: false, includeTopicAuthorizedOperations: false });
  await waitForText(output, (o) => (o.match(completedLine) ?? []).length > countBefore, `a ${completedLine} line`);
  expect(await alter(c, [del(REQ)])).toEqual([0, null]);
  await waitForText(output, (o) => o.includes(`Unset the log level of ${REQ}`), "the DELETE's WARN line");
  for (let i = 0; i < 3; i++) await c.request(3, 12, { topics: [], allowAutoTopicCreation: false, includeTopicAuthorizedOperations: false });
  expect(await alter(c, [set(APIS, "INFO")])).toEqual([0, null]);
  const out = await waitForText(output, (o) => o.includes(`Updated the log level of ${APIS} to INFO`), "the SET's WARN line");
  const from = out.lastIndexOf(`Unset the log level of ${REQ}`);
  const slice = out.slice(from, out.indexOf(`Updated the log level of ${APIS} to INFO`, from));
  expect(slice.match(completedLine) ?? []).toEqual([]);
}

async function waitForText(output: () => string, ok: (o: string) => boolean, what: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  // Bounded by the deadline.
  for (;;) {
    const o = output();
    if (ok(o)) return o;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms:\n${o.slice(-3000)}`);
    await Bun.sleep(25);
  }
}

test("BROKER_LOGGER: describe, alter, delete and errors as Kafka 4.4.0; levels change at run time, not kept over a restart", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  let strand: StrandHandle = await startStrand();
  const dataDir = strand.dataDir;
  cleanups.push(async () => removeDataDir(dataDir));
  cleanups.push(() => strand.kill());
  let kafka: KafkaHandle = await startKafka();
  const first = kafka;
  cleanups.push(() => first.remove());

  // The full listing: Strand's loggers are Kafka's names, with Kafka's flags, in Kafka's relative order.
  const mineAll = await withClient(strand.port, (c) => describeLoggers(c, null));
  const theirsAll = await withClient(kafka.port, (c) => describeLoggers(c, null));
  expect(mineAll.errorCode).toBe(0);
  const strandNames = new Set(mineAll.configs.map((e) => e.name));
  expect([...strandNames].sort()).toEqual(["root", ...Object.values(BROKER_LOGGER_NAMES)].sort());
  expect(mineAll.configs).toEqual(theirsAll.configs.filter((e) => strandNames.has(e.name)));
  expect(theirsAll.configs.length).toBeGreaterThan(100);

  // The same sequence, answer by answer.
  const mine = await withClient(strand.port, sequence);
  const theirs = await withClient(kafka.port, sequence);
  expect(mine).toEqual(theirs);

  // kafka-configs.sh prints the same on both.
  const mineTool = await configsTool(strand.bootstrap, strandNames);
  const theirsTool = await configsTool(kafka.bootstrap, strandNames);
  expect(mineTool).toEqual(theirsTool);
  expect(mineTool[0]!.split("\n").filter((l) => /^\s+\S+=INFO sensitive=false synonyms=\{\}$/.test(l))).toHaveLength(strandNames.size);
  expect(mineTool[3]).toContain(`Cannot set the log level of ${RM} to NOPE as it is not a supported log level.`);

  // A raised level takes effect at once, and DELETE ends it: the request logger on both.
  await withClient(strand.port, (c) => requestLoggerTakesEffect(c, strand.output, / DEBUG Completed request .*logger=kafka\.request\.logger/g));
  await withClient(kafka.port, (c) => requestLoggerTakesEffect(c, () => kafka.logTail(4 << 20), /DEBUG Completed request:.*\(kafka\.request\.logger\)/g));

  // Strand's ReplicaManager writes a DEBUG line per append once raised, none after DELETE.
  await withClient(strand.port, async (c) => {
    await createTopic(c, "loggers");
    const batch = () => buildRecordBatch({ records: [{ value: new TextEncoder().encode("v") }] });
    expect((await produce(c, "loggers", 0, batch(), { acks: 1 })).errorCode).toBe(0);
    expect(strand.output()).not.toMatch(/DEBUG appended to local log/);
    expect(await alter(c, [set(RM, "DEBUG")])).toEqual([0, null]);
    expect((await produce(c, "loggers", 0, batch(), { acks: 1 })).errorCode).toBe(0);
    await waitForOutput(strand, / DEBUG appended to local log partition=loggers-0 firstOffset=1 endOffset=2 origin=client logger=kafka\.server\.ReplicaManager/);
    expect(await alter(c, [del(RM)])).toEqual([0, null]);
    expect((await produce(c, "loggers", 0, batch(), { acks: 1 })).errorCode).toBe(0);
    expect(await alter(c, [set(APIS, "INFO")])).toEqual([0, null]);
    const out = await waitForOutput(strand, /Updated the log level of kafka\.server\.KafkaApis to INFO[^\n]*\n(.|\n)*Updated the log level of kafka\.server\.KafkaApis to INFO/);
    expect(out.match(/DEBUG appended to local log/g)).toHaveLength(1);
  });

  // Not kept over a restart, on either.
  for (const port of [strand.port, kafka.port]) expect(await withClient(port, (c) => alter(c, [set(RM, "DEBUG")]))).toEqual([0, null]);
  const restarted = Promise.all([strand.stop().then((code) => (expect(code).toBe(0), startStrand({ dataDir }))), kafka.stop().then(() => startKafka({ logDir: first.logDir }))]);
  [strand, kafka] = await restarted;
  const second = kafka;
  cleanups.push(() => second.remove());
  const after = await Promise.all([strand.port, kafka.port].map((port) => withClient(port, (c) => levels(c, [RM, "root"]))));
  expect(after[0]).toEqual([["root", "INFO"], [RM, "INFO"]]);
  expect(after[0]).toEqual(after[1]);
}, 300_000);
