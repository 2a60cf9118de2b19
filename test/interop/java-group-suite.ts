// The Java consumer-group scenario both Java group suites run (groups-java.test.ts with
// group.protocol=classic, groups-java-consumer.test.ts with group.protocol=consumer): three members in
// separate JVMs join one after another while a producer writes, one leaves, one is killed with SIGKILL;
// no partition is consumed by two members in one generation/epoch; then the AdminClient lists,
// describes, resets, deletes offsets of and deletes the group (for the first strategy only).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureJavaClient, KAFKA_CLIENTS_VERSION, type JavaClient } from "../support/clients/java.ts";
import { doubleConsumption, owned, settled, type Proc } from "./java-group-members.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget } from "./targets.ts";

export const PARTITIONS = 6;
export const SESSION_TIMEOUT_MS = 6000;

export interface JavaGroupSuite {
  /** In the describe title, e.g. "classic groups". */
  readonly title: string;
  /** Topic, group and temp-dir names: groups-<name>-<strategy>. */
  readonly name: string;
  /** In the timings line: [interop groups-<label>/target]. */
  readonly label: string;
  /** The broker's overrides. */
  readonly overrides: Record<string, string | number | boolean>;
  /** The two strategies (client assignors or server assignors); the admin checks run after the first. */
  readonly strategies: readonly [string, string];
  /** Java lines putting the member's group.protocol and assignor properties into `p` (`strategy` in scope). */
  readonly memberProps: string;
  /** More Java lines after the deserializers and auto.offset.reset. */
  readonly memberExtraProps?: string;
  /** Report an epoch bump seen in poll without a rebalance callback (KIP-848). */
  readonly trackEpochs: boolean;
  /** What ConsumerGroupDescription.type() says of the group. */
  readonly groupType: "Classic" | "Consumer";
}

// KIP-848 bumps a member's epoch without a callback when its partitions do not change.
const EPOCH_LINES = '        if (gen != lastGen) { lastGen = gen; out("{\\"ev\\":\\"epoch\\",\\"gen\\":" + gen + "}"); }\n';

const java = await probeInstall("java", ensureJavaClient);

export function javaGroupSuite(spec: JavaGroupSuite): void {

  // Run with Java's single-file source launcher; written to a temp dir at run time.
  const source = String.raw`
  import java.time.Duration;
  import java.util.*;
  import java.util.concurrent.atomic.AtomicBoolean;
  import org.apache.kafka.clients.admin.*;
  import org.apache.kafka.clients.consumer.*;
  import org.apache.kafka.clients.producer.*;
  import org.apache.kafka.common.*;

  public class GroupMember {
    static synchronized void out(String s) { System.out.println(s); System.out.flush(); }
    static String parts(Collection<TopicPartition> ps) {
      StringJoiner j = new StringJoiner(",", "[", "]");
      for (TopicPartition tp : ps) j.add(String.valueOf(tp.partition()));
      return j.toString();
    }
    public static void main(String[] a) throws Exception {
      String mode = a[0], bootstrap = a[1], topic = a[2], group = a[3], strategy = a[4];
      Properties p = new Properties();
      p.put("bootstrap.servers", bootstrap);
      if (mode.equals("produce")) {
        p.put("key.serializer", "org.apache.kafka.common.serialization.StringSerializer");
        p.put("value.serializer", "org.apache.kafka.common.serialization.StringSerializer");
        p.put("linger.ms", "5");
        try (KafkaProducer<String, String> pr = new KafkaProducer<>(p)) {
          for (long n = 0; ; n++) {
            pr.send(new ProducerRecord<>(topic, String.valueOf(n), String.valueOf(n)));
            if (n % 20 == 0) { pr.flush(); out("{\"ev\":\"sent\",\"n\":" + n + "}"); Thread.sleep(20); }
          }
        }
      }
      if (mode.equals("admin")) { admin(p, topic, group); return; }
      p.put("group.id", group);
  ${spec.memberProps}
      p.put("key.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
      p.put("value.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
      p.put("auto.offset.reset", "earliest");
  ${spec.memberExtraProps ?? ""}    KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(p);
      AtomicBoolean running = new AtomicBoolean(true);
      Thread main = Thread.currentThread();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> { running.set(false); c.wakeup(); try { main.join(10000); } catch (InterruptedException e) {} }));
      c.subscribe(List.of(topic), new ConsumerRebalanceListener() {
        public void onPartitionsRevoked(Collection<TopicPartition> ps) { c.commitSync(); out("{\"ev\":\"revoked\",\"gen\":" + c.groupMetadata().generationId() + ",\"parts\":" + parts(ps) + "}"); }
        public void onPartitionsLost(Collection<TopicPartition> ps) { out("{\"ev\":\"lost\",\"parts\":" + parts(ps) + "}"); }
        public void onPartitionsAssigned(Collection<TopicPartition> ps) { out("{\"ev\":\"assigned\",\"gen\":" + c.groupMetadata().generationId() + ",\"member\":\"" + c.groupMetadata().memberId() + "\",\"parts\":" + parts(ps) + "}"); }
      });
  ${spec.trackEpochs ? "    int lastGen = -1;\n" : ""}    try {
        while (running.get()) {
          ConsumerRecords<byte[], byte[]> rs = c.poll(Duration.ofMillis(100));
          int gen = c.groupMetadata().generationId();
  ${spec.trackEpochs ? EPOCH_LINES : ""}        for (TopicPartition tp : rs.partitions()) {
            List<ConsumerRecord<byte[], byte[]>> l = rs.records(tp);
            out("{\"ev\":\"batch\",\"gen\":" + gen + ",\"p\":" + tp.partition() + ",\"first\":" + l.get(0).offset() + ",\"last\":" + l.get(l.size() - 1).offset() + "}");
          }
          if (!rs.isEmpty()) c.commitAsync();
        }
      } catch (org.apache.kafka.common.errors.WakeupException e) {
      } finally {
        c.close();
        out("{\"ev\":\"left\"}");
      }
    }

    static void admin(Properties p, String topic, String group) throws Exception {
      try (Admin ad = Admin.create(p)) {
        boolean listed = ad.listConsumerGroups().all().get().stream().anyMatch(g -> g.groupId().equals(group));
        ConsumerGroupDescription d = ad.describeConsumerGroups(List.of(group)).all().get().get(group);
        Map<TopicPartition, OffsetAndMetadata> before = ad.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
        Map<TopicPartition, OffsetAndMetadata> reset = new HashMap<>();
        for (int i = 0; i < ${PARTITIONS}; i++) reset.put(new TopicPartition(topic, i), new OffsetAndMetadata(1));
        ad.alterConsumerGroupOffsets(group, reset).all().get();
        Map<TopicPartition, OffsetAndMetadata> after = ad.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
        ad.deleteConsumerGroupOffsets(group, Set.of(new TopicPartition(topic, 0))).all().get();
        int remaining = ad.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get().size();
        ad.deleteConsumerGroups(List.of(group)).all().get();
        boolean stillListed = ad.listConsumerGroups().all().get().stream().anyMatch(g -> g.groupId().equals(group));
        long resetCount = after.values().stream().filter(o -> o.offset() == 1).count();
        out("{\"ev\":\"admin\",\"listed\":" + listed + ",\"state\":\"" + d.groupState() + "\",\"type\":\"" + d.type() + "\",\"committed\":" + before.size()
            + ",\"reset\":" + resetCount + ",\"remaining\":" + remaining + ",\"stillListed\":" + stillListed + "}");
      }
    }
  }
  `;


  describe.skipIf(!java.ok)(`Java kafka-clients ${KAFKA_CLIENTS_VERSION} ${spec.title} vs ${interopTarget()}`, () => {
    let target: InteropTarget;
    let client: JavaClient;
    let dir: string;
    const procs: Proc[] = [];
    const timings: Record<string, number> = {};

    beforeAll(async () => {
      if (!java.ok) return;
      client = java.value;
      dir = mkdtempSync(join(tmpdir(), `strand-groups-${spec.name}-`));
      writeFileSync(join(dir, "GroupMember.java"), source);
      target = await startTarget({ overrides: spec.overrides });
    }, 180_000);

    afterAll(async () => {
      for (const p of procs) p.proc.kill("SIGKILL");
      await target?.remove();
      if (dir) rmSync(dir, { recursive: true, force: true });
      console.log(`[interop groups-${spec.label}/${interopTarget()}] ms: ${JSON.stringify(timings)}`);
    }, 120_000);

    function spawn(args: string[], name: string): Proc {
      const proc = Bun.spawn({ cmd: [client.javaBin, "-cp", client.classpath, join(dir, "GroupMember.java"), ...args], stdin: "ignore", stdout: "pipe", stderr: "pipe" });
      const p: Proc = { name, proc, events: [], stderr: "" };
      procs.push(p);
      void (async () => {
        let buf = "";
        for await (const chunk of proc.stdout) {
          buf += new TextDecoder().decode(chunk);
          let i: number;
          while ((i = buf.indexOf("\n")) >= 0) {
            const line = buf.slice(0, i);
            buf = buf.slice(i + 1);
            try {
              p.events.push(JSON.parse(line));
            } catch {
              p.stderr += `${line}\n`;
            }
          }
        }
      })();
      void (async () => {
        for await (const chunk of proc.stderr) p.stderr += new TextDecoder().decode(chunk);
      })();
      return p;
    }

    async function until<T>(what: string, f: () => T | undefined | false, timeoutMs: number): Promise<T> {
      const end = Date.now() + timeoutMs;
      // Polls every 100 ms up to the deadline.
      while (Date.now() < end) {
        const v = f();
        if (v) return v;
        await Bun.sleep(100);
      }
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}:\n${procs.map((p) => `${p.name}: ${JSON.stringify(p.events.filter((e) => e.ev !== "batch" && e.ev !== "sent").slice(-6))}\n${p.stderr.slice(-800)}`).join("\n")}`);
    }


    for (const strategy of spec.strategies) {
      test(`${strategy}: join one by one under load, leave, SIGKILL; no partition consumed twice in one generation`, async () => {
        const topic = `groups-${spec.name}-${strategy}`;
        const group = `${spec.name}-${strategy}`;
        await createTopics(target.port, [{ name: topic, partitions: PARTITIONS }]);
        const producer = spawn(["produce", target.bootstrap, topic, group, strategy], `producer-${strategy}`);
        await until("producer", () => producer.events.some((e) => e.ev === "sent"), 60_000);
        const members: Proc[] = [];
        let t = performance.now();
        for (let i = 0; i < 3; i++) {
          members.push(spawn(["member", target.bootstrap, topic, group, strategy], `${strategy}-m${i}`));
          await until(`${i + 1} members settled`, () => settled(members, PARTITIONS), 60_000);
        }
        timings[`${strategy}.threeMembersMs`] = Math.round(performance.now() - t);

        t = performance.now();
        members[0]!.proc.kill("SIGTERM"); // close(): LeaveGroup
        await until("leave handled", () => settled([members[1]!, members[2]!], PARTITIONS), 30_000);
        timings[`${strategy}.leaveMs`] = Math.round(performance.now() - t);

        t = performance.now();
        members[1]!.proc.kill("SIGKILL");
        await until("the killed member's partitions to move", () => owned(members[2]!).parts.size === PARTITIONS, SESSION_TIMEOUT_MS + 30_000);
        const killMs = performance.now() - t;
        timings[`${strategy}.sigkillMs`] = Math.round(killMs);
        expect(killMs).toBeGreaterThanOrEqual(SESSION_TIMEOUT_MS - 1000);
        producer.proc.kill("SIGKILL");

        // The invariant, over every batch any member consumed.
        const { batches, doubled } = doubleConsumption(members);
        expect(batches).toBeGreaterThan(0);
        expect(doubled).toEqual([]);
        members[2]!.proc.kill("SIGTERM");
        await members[2]!.proc.exited;

        if (strategy === spec.strategies[0]) {
          const admin = spawn(["admin", target.bootstrap, topic, group, strategy], "admin");
          const r = await until("admin", () => admin.events.find((e) => e.ev === "admin"), 60_000);
          expect(r).toMatchObject({ listed: true, state: "Empty", type: spec.groupType, committed: PARTITIONS, reset: PARTITIONS, remaining: PARTITIONS - 1, stillListed: false });
        }
      }, 240_000);
    }
  });
}
