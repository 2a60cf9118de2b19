// `strand group list|describe|lag|reset-offsets|delete` and `strand acl create|list|delete`, run as
// processes against one broker (Strand, or Apache Kafka 4.4.0 with STRAND_INTEROP_TARGET=kafka; the
// same assertions). The broker runs StandardAuthorizer with User:ANONYMOUS as super user, so the CLI
// (PLAINTEXT, ANONYMOUS) may do everything and the ACL APIs are served. A classic consumer group member
// is played with raw JoinGroup / SyncGroup so describe shows it and reset-offsets refuses a live group.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { encodeConsumerSubscription } from "../../src/coordinator/group/consumer-protocol.ts";
import { writeConsumerProtocolAssignment } from "../../src/protocol/generated/messages/consumer-protocol-assignment.ts";
import { ZERO_UUID } from "../../src/protocol/primitives/codec-runtime.ts";
import { randomKafkaUuid } from "../../src/storage/meta-properties.ts";
import { encodeExact } from "../../src/protocol/primitives/writer.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { startTarget, type InteropTarget } from "../interop/target.ts";
import { interopTarget } from "../interop/targets.ts";
import { createTopics } from "../interop/topics.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { probeKafkaDist } from "../support/kafka-dist.ts";
import { runCli, tableRows } from "../support/strand-cli.ts";
import { until } from "../support/until.ts";

const TARGET = interopTarget();
const dist = TARGET === "kafka" ? await probeKafkaDist() : { ok: true };
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TOPIC = "cli-lag";
const PARTITIONS = 4;
const RECORDS = 10;
const LIVE_GROUP = "cli-live";

describe.skipIf(!dist.ok)(`strand group / acl vs ${TARGET}`, () => {
  let target: InteropTarget;
  let env: Record<string, string>;
  let member: KafkaTestClient;
  let memberId = "";
  const cli = (...args: string[]) => runCli(args, env);

  beforeAll(async () => {
    target = await startTarget({
      overrides: {
        "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
        "super.users": "User:ANONYMOUS",
        "group.initial.rebalance.delay.ms": 0,
        "offsets.topic.num.partitions": 1,
      },
    });
    env = { STRAND_BROKERS: target.bootstrap };
    await createTopics(target.port, [{ name: TOPIC, partitions: PARTITIONS }]);
    member = await KafkaTestClient.connect(target.port);
    for (let p = 0; p < PARTITIONS; p++) {
      // Kafka's broker may not know it leads a partition just created (NOT_LEADER_OR_FOLLOWER): retried.
      await until(`records in ${TOPIC}-${p}`, async () => {
        const r = await member.request<Any>(0, 9, {
          transactionalId: null, acks: 1, timeoutMs: 10_000,
          topicData: [{ name: TOPIC, topicId: ZERO_UUID, partitionData: [{ index: p, records: buildRecordBatch({ records: Array.from({ length: RECORDS }, (_, i) => ({ value: new Uint8Array([i]) })) }) }] }],
        });
        const code = r.responses[0].partitionResponses[0].errorCode as number;
        if (code !== 0 && code !== 6 && code !== 5) throw new Error(`produce to ${TOPIC}-${p}: error ${code}`);
        return code === 0;
      });
    }
    // The coordinator is up once FindCoordinator answers without error (it creates __consumer_offsets).
    await until("the group coordinator", async () => (await member.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [LIVE_GROUP] })).coordinators[0].errorCode === 0);
    // A classic member that owns partitions 0 and 1: JoinGroup (twice: KIP-394 member id), SyncGroup.
    const join = (id: string) => member.request<Any>(11, 7, { groupId: LIVE_GROUP, sessionTimeoutMs: 45_000, rebalanceTimeoutMs: 30_000, memberId: id, groupInstanceId: null, protocolType: "consumer", protocols: [{ name: "range", metadata: encodeConsumerSubscription([TOPIC]) }], reason: null });
    // The coordinator may still be loading its partition (COORDINATOR_LOAD_IN_PROGRESS, ...): polled.
    let j = await until("a JoinGroup answer", async () => {
      const r = await join("");
      return [14, 15, 16].includes(r.errorCode) ? null : r;
    });
    if (j.errorCode === 79) j = await join(j.memberId);
    expect(j.errorCode).toBe(0);
    memberId = j.memberId;
    const assignment = encodeExact((s) => {
      s.int16(0);
      writeConsumerProtocolAssignment(s, { assignedPartitions: [{ topic: TOPIC, partitions: [0, 1] }], userData: null }, 0);
    });
    const sync = await member.request<Any>(14, 5, { groupId: LIVE_GROUP, generationId: j.generationId, memberId, groupInstanceId: null, protocolType: "consumer", protocolName: "range", assignments: [{ memberId, assignment }] });
    expect(sync.errorCode).toBe(0);
  }, 120_000);

  afterAll(async () => {
    member?.close();
    await target?.remove();
  }, 120_000);

  test("reset-offsets: a dry run by default, --execute commits, kept within the log; lag follows", async () => {
    const dry = await cli("group", "reset-offsets", "cli-g1", "--topic", TOPIC, "--to-offset", "4");
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain("(dry run: nothing committed; --execute commits)");
    expect(tableRows(dry.stdout.split("\n\n")[0]!).map((r) => [r.PARTITION, r["CURRENT-OFFSET"], r["NEW-OFFSET"]])).toEqual([["0", "-", "4"], ["1", "-", "4"], ["2", "-", "4"], ["3", "-", "4"]]);
    expect((await cli("group", "lag", "cli-g1")).exitCode).toBe(1); // nothing committed: no such group

    const exec = await cli("group", "reset-offsets", "cli-g1", "--topic", `${TOPIC}:0,1`, "--to-offset", "4", "--execute");
    expect(exec.exitCode).toBe(0);
    // Not a terminal: no progress bar on stderr.
    expect(exec.stderr).toBe("");
    const lag = JSON.parse((await cli("group", "lag", "cli-g1", "--json")).stdout) as Any;
    expect(lag.state).toBe("Empty");
    expect(lag.totalLag).toBe(2 * (RECORDS - 4));
    expect(lag.partitions.map((p: Any) => [p.partition, p.currentOffset, p.logEndOffset, p.lag])).toEqual([[0, 4, RECORDS, RECORDS - 4], [1, 4, RECORDS, RECORDS - 4]]);

    const shift = JSON.parse((await cli("group", "reset-offsets", "cli-g1", "--all-topics", "--shift-by", "-10", "--execute", "--json")).stdout) as Any;
    expect(shift.partitions.map((p: Any) => [p.partition, p.currentOffset, p.newOffset])).toEqual([[0, 4, 0], [1, 4, 0]]);
    const beyond = JSON.parse((await cli("group", "reset-offsets", "cli-g1", "--topic", TOPIC, "--to-offset", "1000", "--json")).stdout) as Any;
    expect(beyond.partitions.map((p: Any) => p.newOffset)).toEqual([RECORDS, RECORDS, RECORDS, RECORDS]);
    const byTime = JSON.parse((await cli("group", "reset-offsets", "cli-g1", "--topic", TOPIC, "--to-datetime", "2001-01-01T00:00:00Z", "--json")).stdout) as Any;
    expect(byTime.partitions.map((p: Any) => p.newOffset)).toEqual([0, 0, 0, 0]);
    expect((await cli("group", "reset-offsets", "cli-g1", "--topic", TOPIC, "--to-latest", "--execute")).exitCode).toBe(0);
    const table = tableRows((await cli("group", "lag", "cli-g1")).stdout.split("\n\n")[0]!);
    expect(table.map((r) => [r.PARTITION, r["CURRENT-OFFSET"], r.LAG])).toEqual([["0", "10", "0"], ["1", "10", "0"], ["2", "10", "0"], ["3", "10", "0"]]);
  }, 60_000);

  // util-linux `script` gives the CLI a terminal; without it the bar's TTY rule is covered by the unit test.
  test.skipIf(Bun.which("script") === null)("reset-offsets over many partitions draws a progress bar on a terminal only", async () => {
    await createTopics(target.port, [{ name: "cli-many", partitions: 40 }]);
    const command = [process.execPath, "src/cli/main.ts", "group", "reset-offsets", "cli-many-g", "--topic", "cli-many", "--to-earliest", "--execute"].join(" ");
    const tty = Bun.spawn(["script", "-qec", `${command} >/dev/null`, "/dev/null"], { cwd: `${import.meta.dir}/../..`, env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("STRAND_"))), ...env }, stdout: "pipe", stderr: "pipe" });
    const [screen, code] = await Promise.all([new Response(tty.stdout).text(), tty.exited]);
    expect(code).toBe(0);
    expect(screen).toContain("reset-offsets cli-many-g [");
    expect(screen).toContain("160/160");
    const piped = await cli("group", "reset-offsets", "cli-many-g", "--topic", "cli-many", "--to-latest", "--execute");
    expect([piped.exitCode, piped.stderr]).toEqual([0, ""]);
  }, 60_000);

  test("a live group: list, describe with its member, reset refused, delete refused", async () => {
    const list = tableRows((await cli("group", "list")).stdout);
    expect(list.find((g) => g.GROUP === LIVE_GROUP)).toEqual({ GROUP: LIVE_GROUP, TYPE: "classic", STATE: "Stable", "PROTOCOL-TYPE": "consumer" });
    const d = JSON.parse((await cli("group", "describe", LIVE_GROUP, "--json")).stdout) as Any;
    expect([d.state, d.type, d.assignor, d.members.length]).toEqual(["Stable", "classic", "range", 1]);
    expect(d.members[0].memberId).toBe(memberId);
    expect(d.members[0].assignment).toEqual([{ topic: TOPIC, partitions: [0, 1] }]);
    expect(d.partitions.map((p: Any) => [p.partition, p.currentOffset, p.lag, p.memberId])).toEqual([[0, null, null, memberId], [1, null, null, memberId]]);

    const reset = await cli("group", "reset-offsets", LIVE_GROUP, "--all-topics", "--to-earliest", "--execute");
    expect(reset.exitCode).toBe(1);
    expect(reset.stderr).toBe(`strand: NON_EMPTY_GROUP (code 68): Assignments can only be reset if the group '${LIVE_GROUP}' is inactive, but the current state is Stable.\n`);
    const del = await cli("group", "delete", LIVE_GROUP, "cli-g1", "cli-none");
    expect(del.exitCode).toBe(1);
    expect(tableRows(del.stdout).map((r) => [r.GROUP, r.STATUS!.split(":")[0]])).toEqual([[LIVE_GROUP, "NON_EMPTY_GROUP"], ["cli-g1", "OK"], ["cli-none", "GROUP_ID_NOT_FOUND"]]);
    const usage = await cli("group", "reset-offsets", LIVE_GROUP, "--all-topics", "--to-earliest", "--to-latest");
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toBe('strand: invalid --to-earliest/--to-latest/--to-offset/--to-datetime/--shift-by "--to-earliest --to-latest": exactly one of them\n');
  }, 60_000);

  test("a KIP-848 consumer group: described through ConsumerGroupDescribe", async () => {
    const id = randomKafkaUuid();
    const hb = await member.request<Any>(68, 1, { groupId: "cli-modern", memberId: id, memberEpoch: 0, instanceId: null, rackId: null, rebalanceTimeoutMs: 30_000, subscribedTopicNames: [TOPIC], subscribedTopicRegex: null, serverAssignor: null, topicPartitions: [] });
    expect(hb.errorCode).toBe(0);
    const d = JSON.parse((await cli("group", "describe", "cli-modern", "--json")).stdout) as Any;
    expect([d.group, d.type, d.members.length, d.members[0].memberId, d.members[0].clientId]).toEqual(["cli-modern", "consumer", 1, id, "strand-test"]);
    const listed = tableRows((await cli("group", "list")).stdout).find((g) => g.GROUP === "cli-modern");
    expect([listed?.TYPE, listed?.["PROTOCOL-TYPE"]]).toEqual(["consumer", "consumer"]);
    await member.request<Any>(68, 1, { groupId: "cli-modern", memberId: id, memberEpoch: -1, instanceId: null, rackId: null, rebalanceTimeoutMs: -1, subscribedTopicNames: null, subscribedTopicRegex: null, serverAssignor: null, topicPartitions: null });
  }, 60_000);

  test("acl create, list by filter, delete", async () => {
    const create = await cli("acl", "create", "--principal", "User:alice", "--operation", "Read", "--operation", "Describe", "--topic", "cli-", "--pattern-type", "prefixed");
    expect(create.exitCode).toBe(0);
    expect(tableRows(create.stdout).map((r) => [r.PRINCIPAL, r.OPERATION, r.PERMISSION, r.RESOURCE, r.STATUS])).toEqual([
      ["User:alice", "Read", "allow", "topic:prefixed:cli-", "OK"],
      ["User:alice", "Describe", "allow", "topic:prefixed:cli-", "OK"],
    ]);
    expect((await cli("acl", "create", "--principal", "User:bob", "--permission", "deny", "-o", "Write", "--group", "g")).exitCode).toBe(0);
    await until("the ACLs to be listed", async () => (JSON.parse((await cli("acl", "list", "--json")).stdout) as Any[]).length === 3);
    const alice = JSON.parse((await cli("acl", "list", "--principal", "User:alice", "--json")).stdout) as Any[];
    expect(alice).toEqual([
      { resourceType: "topic", resourceName: "cli-", patternType: "prefixed", principal: "User:alice", host: "*", operation: "Describe", permission: "allow" },
      { resourceType: "topic", resourceName: "cli-", patternType: "prefixed", principal: "User:alice", host: "*", operation: "Read", permission: "allow" },
    ]);
    const matching = tableRows((await cli("acl", "list", "--topic", "cli-lag", "--pattern-type", "match")).stdout);
    expect(matching.map((r) => r.OPERATION).sort()).toEqual(["Describe", "Read"]);

    const noFilter = await cli("acl", "delete");
    expect(noFilter.exitCode).toBe(2);
    const del = JSON.parse((await cli("acl", "delete", "--principal", "User:alice", "--json")).stdout) as Any;
    expect(del.deleted.map((a: Any) => a.operation).sort()).toEqual(["Describe", "Read"]);
    await until("alice's ACLs gone", async () => (JSON.parse((await cli("acl", "list", "--json")).stdout) as Any[]).length === 1);
    const bad = await cli("acl", "create", "--principal", "alice", "-o", "Read", "--topic", "t");
    expect([bad.exitCode, bad.stderr]).toEqual([2, 'strand: invalid --principal "alice": TYPE:NAME, e.g. User:alice\n']);
    const badOp = await cli("acl", "create", "--principal", "User:a", "-o", "Fly", "--topic", "t");
    expect(badOp.exitCode).toBe(2);
    expect(badOp.stderr).toStartWith('strand: invalid --operation "Fly": one of Any, All, Read, Write');
  }, 60_000);
});
