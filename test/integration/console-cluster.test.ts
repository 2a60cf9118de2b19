// The web console in a three-node cluster (broker+controller each): every broker's console shows the
// three brokers and the one active controller; a topic created from the console of a broker that is
// not the active controller is forwarded to it (as CreateTopics is) and placed on the three brokers,
// with each broker's console showing the leaders and ISR and its own replicas' offsets; it is deleted
// from another such broker. A group's page on a broker that does not coordinate it names the one that does.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { withClient } from "../support/kafka-client.ts";
import { StrandCluster } from "../support/strand-cluster.ts";
import { until } from "../support/until.ts";
import { commitOffsets, topicPartitions } from "../support/console-fixture.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let cluster: StrandCluster;

beforeAll(async () => {
  cluster = await StrandCluster.start({ size: 3, overrides: { "offsets.topic.num.partitions": 3 } });
}, 120_000);

afterAll(async () => {
  await cluster?.close();
}, 120_000);

function consoleOf(id: number): string {
  const url = cluster.handles.get(id)?.adminUrl;
  if (!url) throw new Error(`node ${id} reported no admin listener`);
  return `${url}/console/api`;
}

async function get(id: number, path: string): Promise<{ status: number; body: Any }> {
  const r = await fetch(`${consoleOf(id)}${path}`);
  return { status: r.status, body: (await r.json()) as Any };
}

async function post(id: number, path: string, body: unknown): Promise<{ status: number; body: Any }> {
  const r = await fetch(`${consoleOf(id)}${path}`, { method: "POST", headers: { "content-type": "application/json", "x-strand-console": "1" }, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Any };
}

test("every console shows the three brokers and the same active controller", async () => {
  const controllers = new Set<number>();
  for (const id of cluster.ids) {
    const ov = await until(`node ${id}'s console listing 3 unfenced brokers`, async () => {
      const r = await get(id, "/overview");
      return r.body.brokers?.length === 3 && r.body.brokers.every((b: Any) => !b.fenced) && r.body.controllerId >= 0 ? r.body : null;
    }, 60_000, 200);
    expect(ov.nodeId).toBe(id);
    controllers.add(ov.controllerId);
  }
  expect(controllers.size).toBe(1);
}, 90_000);

test("create from a non-controller broker (forwarded), RF 3 on every broker's page, delete from another", async () => {
  const controllerId = (await get(1, "/overview")).body.controllerId as number;
  const [a, b] = cluster.ids.filter((id) => id !== controllerId) as [number, number];
  const made = await post(a, "/topics", { name: "replicated-by-console", partitions: 3, replicationFactor: 3 });
  expect([made.status, made.body.partitions, made.body.replicationFactor]).toEqual([201, 3, 3]);
  for (const id of cluster.ids) {
    const d = await until(`node ${id}'s console showing the topic with full ISRs`, async () => {
      const r = await get(id, "/topics/replicated-by-console");
      return r.status === 200 && r.body.partitionList.every((p: Any) => p.leader > 0 && p.isr.length === 3 && p.local) ? r.body : null;
    }, 60_000, 200);
    expect(d.partitionList.map((p: Any) => [...p.replicas].sort())).toEqual([[1, 2, 3], [1, 2, 3], [1, 2, 3]]);
    expect(d.partitionList.every((p: Any) => p.highWatermark === 0)).toBe(true);
  }
  const del = await post(b, "/topics/replicated-by-console/delete", {});
  expect([del.status, del.body.error]).toEqual([200, undefined]);
  for (const id of cluster.ids) {
    await until(`the topic gone from node ${id}'s Metadata`, async () => (await withClient(cluster.portOf(id), (c) => topicPartitions(c, "replicated-by-console"))) === null, 30_000, 200);
  }
}, 120_000);

test("a group's page on a broker that does not coordinate it names the coordinator", async () => {
  const group = "console-cluster-group";
  await withClient(cluster.portOf(1), async (c) => {
    await c.request(19, 7, { topics: [{ name: "grouped", numPartitions: 1, replicationFactor: 3, assignments: [], configs: [] }], timeoutMs: 10_000, validateOnly: false });
  });
  // The coordinator, as FindCoordinator names it (retried while __consumer_offsets is created).
  const coordinator = await until("the group's coordinator", async () => {
    const r = await withClient(cluster.portOf(1), (c) => c.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [group] }));
    return r.coordinators[0].errorCode === 0 ? (r.coordinators[0].nodeId as number) : null;
  }, 60_000, 200);
  await withClient(cluster.portOf(coordinator), (c) => commitOffsets(c, group, "grouped", [[0, 0n]]));
  const here = await get(coordinator, `/groups/${group}`);
  expect([here.status, here.body.coordinator]).toEqual([200, coordinator]);
  const elsewhere = cluster.ids.find((id) => id !== coordinator)!;
  // Once that broker's image names the group's partition leader (it may apply the records a moment later).
  const there = await until("the other broker naming the coordinator", async () => {
    const r = await get(elsewhere, `/groups/${group}`);
    return r.status === 409 ? r : null;
  }, 30_000, 200);
  expect(there.body.error).toContain(`coordinated by broker ${coordinator}`);
}, 120_000);
