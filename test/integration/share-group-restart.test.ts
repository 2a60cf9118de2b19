// A share group survives a broker restart: its records in __consumer_offsets (member, epochs, target
// and current assignments, ShareGroupStatePartitionMetadata) replay into the same group, so the member
// heartbeats on at its epoch with its partitions and nothing is initialized again through the
// Persister; a deleted group stays deleted after the next restart. In-process broker with an in-memory
// Persister (test/support/share/strand-in-process.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startShareStrand, type ShareStrand } from "../support/share/strand-in-process.ts";
import { createTopics } from "../interop/topics.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TOPIC = "sg-restart";
const G = "sg-restart-group";
const M = "restart-member-aaaaaaa";
const RETRIABLE = new Set<number>([ErrorCode.COORDINATOR_NOT_AVAILABLE, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS, ErrorCode.NOT_COORDINATOR]);

let strand: ShareStrand;
let c: KafkaTestClient;

async function retry(f: () => Promise<Any>, code: (r: Any) => number = (r) => r.errorCode): Promise<Any> {
  let r: Any = {};
  for (let i = 0; i < 300; i++) {
    r = await f();
    if (!RETRIABLE.has(code(r))) return r;
    await Bun.sleep(100);
  }
  throw new Error(`still retriable: ${JSON.stringify(r)}`);
}

const hb = (f: Any) => c.request<Any>(76, 1, { groupId: G, memberId: M, memberEpoch: 0, rackId: null, subscribedTopicNames: null, ...f });
const describe = async () => (await c.request<Any>(77, 1, { groupIds: [G], includeAuthorizedOperations: false })).groups[0];

async function restart(): Promise<void> {
  c.close();
  await strand.restart();
  c = await KafkaTestClient.connect(strand.port);
  await retry(() => c.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [G] }), (r) => r.coordinators[0].errorCode);
}

beforeAll(async () => {
  strand = await startShareStrand();
  await createTopics(strand.port, [{ name: TOPIC, partitions: 2 }]);
  c = await KafkaTestClient.connect(strand.port);
  await retry(() => c.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [G] }), (r) => r.coordinators[0].errorCode);
}, 120_000);

afterAll(async () => {
  c?.close();
  await strand?.stop();
}, 120_000);

test("member, epochs, assignment and initialized share partitions replayed after a restart; deletion too", async () => {
  let r = await retry(() => hb({ subscribedTopicNames: [TOPIC] }));
  for (let i = 0; i < 150 && (r.assignment?.topicPartitions ?? []).length === 0; i++) {
    await Bun.sleep(200);
    r = await hb({ memberEpoch: r.memberEpoch });
  }
  expect(r.assignment.topicPartitions[0].partitions).toEqual([0, 1]);
  const epoch = r.memberEpoch;
  const before = await describe();
  const initializations = strand.persister.calls.filter((x) => x.op === "initializeState").length;
  expect(initializations).toBe(1);

  await restart();
  const after = await retry(() => hb({ memberEpoch: epoch }));
  expect(after).toMatchObject({ errorCode: 0, memberId: M, memberEpoch: epoch, assignment: null });
  expect(await describe()).toEqual(before);
  expect(strand.persister.calls.filter((x) => x.op === "initializeState").length).toBe(initializations);

  expect((await hb({ memberEpoch: -1 })).errorCode).toBe(0);
  expect((await c.request<Any>(42, 2, { groupsNames: [G] })).results[0].errorCode).toBe(0);
  expect(strand.persister.calls.some((x) => x.op === "deleteState")).toBe(true);
  await restart();
  expect(await describe()).toMatchObject({ errorCode: ErrorCode.GROUP_ID_NOT_FOUND, errorMessage: `Group ${G} not found.` });
}, 90_000);
