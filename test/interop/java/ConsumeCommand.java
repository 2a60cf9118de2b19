// `consume`: a KafkaConsumer without a group (assign + seek) reads every partition from offset 0 and
// verifies each record against the spec; it also checks ListOffsets (beginningOffsets, endOffsets,
// offsetsForTimes) against what the spec says the log holds.
//   --bootstrap --topic --partitions --count --t0 [--timeout-ms 60000]
package strand.interop;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

final class ConsumeCommand {
  private ConsumeCommand() {}

  static void run(Args a) {
    String topic = a.str("topic");
    int partitions = (int) a.num("partitions");
    long count = a.num("count");
    long t0 = a.num("t0");
    long timeoutMs = a.num("timeout-ms", 60_000);
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    props.put(ConsumerConfig.CLIENT_ID_CONFIG, "strand-interop-java-consumer");
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    props.put(ConsumerConfig.CHECK_CRCS_CONFIG, "true");
    Verifier v = new Verifier(partitions, count, t0);
    Json.Errors offsetErrors = new Json.Errors(20);
    long started = System.nanoTime();
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> tps = new ArrayList<>();
      for (int p = 0; p < partitions; p++) tps.add(new TopicPartition(topic, p));
      consumer.assign(tps);
      for (TopicPartition tp : tps) consumer.seek(tp, 0);
      long deadline = System.currentTimeMillis() + timeoutMs;
      // Bounded by the deadline: a broker that stops returning records fails the check, not the run.
      while (!v.done() && System.currentTimeMillis() < deadline) {
        ConsumerRecords<byte[], byte[]> recs = consumer.poll(Duration.ofMillis(500));
        for (ConsumerRecord<byte[], byte[]> r : recs) v.check(r);
      }
      checkOffsets(consumer, tps, v, t0, offsetErrors);
    }
    Json.event("consumed")
        .put("count", v.total)
        .put("nextOffsets", v.nextOffsets())
        .put("errorCount", v.errors.count)
        .put("errors", v.errors.first)
        .put("offsetErrorCount", offsetErrors.count)
        .put("offsetErrors", offsetErrors.first)
        .put("ms", (System.nanoTime() - started) / 1_000_000)
        .print();
  }

  private static void checkOffsets(KafkaConsumer<byte[], byte[]> c, List<TopicPartition> tps, Verifier v, long t0, Json.Errors errs) {
    Duration t = Duration.ofSeconds(15);
    Map<TopicPartition, Long> begin = c.beginningOffsets(tps, t);
    Map<TopicPartition, Long> end = c.endOffsets(tps, t);
    Map<TopicPartition, Long> query = new HashMap<>();
    int parts = tps.size();
    for (TopicPartition tp : tps) {
      int p = tp.partition();
      if (begin.get(tp) != 0L) errs.add(tp + ": beginning offset " + begin.get(tp));
      if (end.get(tp) != v.expected[p]) errs.add(tp + ": end offset " + end.get(tp) + ", expected " + v.expected[p]);
      // Ask for the timestamp of global record i0 (in the middle): the first record of p at or after it.
      long i0 = (v.expected[0] * parts) / 2 + 1;
      query.put(tp, Spec.timestamp(t0, i0));
    }
    Map<TopicPartition, OffsetAndTimestamp> byTime = c.offsetsForTimes(query, t);
    for (TopicPartition tp : tps) {
      int p = tp.partition();
      long i0 = query.get(tp) - t0;
      long first = i0 % parts <= p ? i0 - i0 % parts + p : i0 - i0 % parts + parts + p;
      long want = first / parts;
      OffsetAndTimestamp got = byTime.get(tp);
      if (want >= v.expected[p]) {
        if (got != null) errs.add(tp + ": offsetsForTimes(" + query.get(tp) + ") = " + got + ", expected none");
      } else if (got == null || got.offset() != want || got.timestamp() != Spec.timestamp(t0, first)) {
        errs.add(tp + ": offsetsForTimes(" + query.get(tp) + ") = " + got + ", expected offset " + want);
      }
    }
  }
}
