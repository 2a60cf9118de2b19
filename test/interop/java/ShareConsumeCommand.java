// `share-consume`: one KafkaShareConsumer (KIP-932) member of a share group, for
// test/interop/share-consumer.test.ts. It prints a JSON line per record delivered and per
// acknowledgement the broker answered (AcknowledgementCommitCallback), and runs until SIGTERM (its
// shutdown hook wakes the poll and closes the consumer), SIGKILL, or --run-ms.
//   --bootstrap --topic --group [--name c1] [--ack-mode implicit|explicit] [--plan accept]
//   [--max-poll-records 500] [--process-ms 0] [--stall-after-polls 0] [--commit none|sync] [--run-ms 180000]
// --plan (explicit mode) decides each record's AcknowledgeType:
//   accept   ACCEPT every record
//   release  RELEASE every record (it comes back until the delivery count limit archives it)
//   mixed    offset % 3 == 0: ACCEPT; 1: RELEASE on its first delivery, ACCEPT after; 2: REJECT
// --stall-after-polls N: after N polls that returned records, print "stalled" and stop polling while
//   holding what was acquired (no acknowledgement): the acquisition locks time out, or the process is
//   killed, and the records go to other members.
package strand.interop;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;

final class ShareConsumeCommand {
  private ShareConsumeCommand() {}

  static void run(Args a) throws Exception {
    String name = a.str("name", "c");
    String ackMode = a.str("ack-mode", "implicit");
    String plan = a.str("plan", "accept");
    long processMs = a.num("process-ms", 0);
    long stallAfter = a.num("stall-after-polls", 0);
    boolean commitSync = a.str("commit", "none").equals("sync");
    long runMs = a.num("run-ms", 180_000);
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    p.put(ConsumerConfig.GROUP_ID_CONFIG, a.str("group"));
    p.put(ConsumerConfig.CLIENT_ID_CONFIG, "share-" + name);
    p.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, ackMode);
    p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, String.valueOf(a.num("max-poll-records", 500)));
    // Reconnect quickly after a broker restart.
    p.put(ConsumerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
    KafkaShareConsumer<String, String> c = new KafkaShareConsumer<>(p, new StringDeserializer(), new StringDeserializer());
    AtomicBoolean running = new AtomicBoolean(true);
    Thread main = Thread.currentThread();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      running.set(false);
      c.wakeup();
      try {
        main.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }));
    c.setAcknowledgementCommitCallback((Map<TopicIdPartition, Set<Long>> offsets, Exception e) -> {
      for (Map.Entry<TopicIdPartition, Set<Long>> en : offsets.entrySet()) {
        Json.event("acked").put("c", name).put("p", en.getKey().partition())
            .put("offsets", new TreeSet<>(en.getValue()))
            .put("error", e == null ? null : e.getClass().getSimpleName())
            .put("t", System.currentTimeMillis()).print();
      }
    });
    c.subscribe(List.of(a.str("topic")));
    long deadline = System.currentTimeMillis() + runMs;
    long polls = 0;
    Json.event("started").put("c", name).print();
    try {
      // Bounded by --run-ms.
      while (running.get() && System.currentTimeMillis() < deadline) {
        ConsumerRecords<String, String> rs = c.poll(Duration.ofMillis(200));
        if (rs.isEmpty()) continue;
        polls++;
        List<Long> offsets = new ArrayList<>();
        for (ConsumerRecord<String, String> r : rs) {
          int dc = r.deliveryCount().map(Short::intValue).orElse(-1);
          AcknowledgeType ack = ackMode.equals("explicit") ? decide(plan, r.offset(), dc) : null;
          Json.event("record").put("c", name).put("p", r.partition()).put("o", r.offset()).put("dc", dc)
              .put("key", r.key()).put("value", r.value()).put("ack", ack == null ? "IMPLICIT" : ack.name())
              .put("t", System.currentTimeMillis()).print();
          offsets.add(r.offset());
          if (processMs > 0) Thread.sleep(processMs);
          if (ack != null) c.acknowledge(r, ack);
        }
        if (stallAfter > 0 && polls >= stallAfter) {
          Json.event("stalled").put("c", name).put("offsets", offsets).print();
          // Holds the acquired records without acknowledging them until killed or --run-ms.
          while (running.get() && System.currentTimeMillis() < deadline) Thread.sleep(100);
          break;
        }
        if (commitSync) {
          Map<TopicIdPartition, Optional<KafkaException>> res = c.commitSync(Duration.ofSeconds(10));
          for (Map.Entry<TopicIdPartition, Optional<KafkaException>> en : res.entrySet()) {
            Json.event("committed").put("c", name).put("p", en.getKey().partition()).put("offsets", offsets)
                .put("error", en.getValue().map(x -> x.getClass().getSimpleName()).orElse(null))
                .put("t", System.currentTimeMillis()).print();
          }
        }
      }
    } catch (WakeupException e) {
      // SIGTERM: close below.
    } finally {
      try {
        c.close(Duration.ofSeconds(5));
      } catch (Exception e) {
        Json.event("close-error").put("c", name).put("error", e.toString()).print();
      }
      Json.event("closed").put("c", name).print();
    }
    // Stopped by SIGTERM: the JVM is already shutting down, and InteropDriver's System.exit would block
    // until the shutdown hook's join timed out.
    if (!running.get()) Runtime.getRuntime().halt(0);
  }

  private static AcknowledgeType decide(String plan, long offset, int dc) {
    return switch (plan) {
      case "accept" -> AcknowledgeType.ACCEPT;
      case "release" -> AcknowledgeType.RELEASE;
      case "mixed" -> switch ((int) (offset % 3)) {
        case 0 -> AcknowledgeType.ACCEPT;
        case 1 -> dc <= 1 ? AcknowledgeType.RELEASE : AcknowledgeType.ACCEPT;
        default -> AcknowledgeType.REJECT;
      };
      default -> throw new IllegalArgumentException("--plan accept|release|mixed, got " + plan);
    };
  }
}
