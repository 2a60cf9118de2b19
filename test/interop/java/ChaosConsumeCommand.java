// `chaos-consume`: a consumer of the replication chaos tests (issue 13), without a group: it reads
// every partition of --topic from offset 0 and prints what it is served, in batches,
//   {"event":"records","r":[[partition,offset,"value"],...]}
//   --until stdin   reads until its stdin closes (a consumer running beside the faults)
//   --until end     asks for the end offsets first and reads up to them (the final read), then prints
//                   {"event":"consumed","count":N,"endOffsets":[...],"positions":[...],"complete":bool}
// An offset out of range (the log was truncated below a position the consumer had reached: it was
// served records past the high watermark) is printed as {"event":"outOfRange","partitions":[...]},
// and the consumer goes on from the log start of those partitions.
//   --bootstrap --topic --partitions [--until stdin|end] [--timeout-ms 120000]
package strand.interop;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.InvalidOffsetException;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

final class ChaosConsumeCommand {
  private ChaosConsumeCommand() {}

  private static final int MAX_PER_LINE = 2_000;

  static void run(Args a) {
    String topic = a.str("topic");
    int partitions = (int) a.num("partitions");
    boolean toEnd = a.str("until", "stdin").equals("end");
    long timeoutMs = a.num("timeout-ms", 120_000);
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    props.put(ConsumerConfig.CLIENT_ID_CONFIG, "strand-chaos-consumer");
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
    props.put(ConsumerConfig.CHECK_CRCS_CONFIG, "true");
    props.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
    props.put(ConsumerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");

    AtomicBoolean stop = new AtomicBoolean(false);
    if (!toEnd) {
      Thread stdinWatch = new Thread(() -> {
        try {
          // Bounded by the stream: -1 when the test closes our stdin.
          while (System.in.read() >= 0) {}
        } catch (java.io.IOException e) {
          // stdin gone: stop as well
        }
        stop.set(true);
      }, "stdin-watch");
      stdinWatch.setDaemon(true);
      stdinWatch.start();
    }

    long deadline = System.currentTimeMillis() + timeoutMs;
    long count = 0;
    List<Long> ends = new ArrayList<>();
    List<Long> positions = new ArrayList<>();
    boolean complete = false;
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> tps = new ArrayList<>();
      for (int p = 0; p < partitions; p++) tps.add(new TopicPartition(topic, p));
      consumer.assign(tps);
      for (TopicPartition tp : tps) consumer.seek(tp, 0);
      long[] end = new long[partitions];
      if (toEnd) {
        Map<TopicPartition, Long> e = consumer.endOffsets(tps, Duration.ofMillis(Math.max(1, deadline - System.currentTimeMillis())));
        for (TopicPartition tp : tps) {
          end[tp.partition()] = e.get(tp);
          ends.add(e.get(tp));
        }
      }
      // Bounded by the deadline (and by stdin or the end offsets).
      while (!stop.get() && System.currentTimeMillis() < deadline) {
        if (toEnd && reached(consumer, tps, end)) {
          complete = true;
          break;
        }
        ConsumerRecords<byte[], byte[]> recs;
        try {
          recs = consumer.poll(Duration.ofMillis(200));
        } catch (InvalidOffsetException e) {
          List<Integer> ps = new ArrayList<>();
          for (TopicPartition tp : e.partitions()) ps.add(tp.partition());
          Json.event("outOfRange").put("partitions", ps).put("error", e.toString()).print();
          consumer.seekToBeginning(e.partitions());
          continue;
        }
        List<List<Object>> batch = new ArrayList<>();
        for (ConsumerRecord<byte[], byte[]> r : recs) {
          String v = r.value() == null ? "" : new String(r.value(), StandardCharsets.UTF_8);
          batch.add(List.of(r.partition(), r.offset(), v));
          count++;
          if (batch.size() >= MAX_PER_LINE) {
            Json.event("records").put("r", batch).print();
            batch = new ArrayList<>();
          }
        }
        if (!batch.isEmpty()) Json.event("records").put("r", batch).print();
      }
      for (TopicPartition tp : tps) positions.add(consumer.position(tp, Duration.ofSeconds(10)));
    }
    Json.event("consumed").put("count", count).put("endOffsets", ends).put("positions", positions).put("complete", complete).print();
  }

  private static boolean reached(KafkaConsumer<byte[], byte[]> c, List<TopicPartition> tps, long[] end) {
    for (TopicPartition tp : tps) {
      if (c.position(tp, Duration.ofSeconds(10)) < end[tp.partition()]) return false;
    }
    return true;
  }
}
