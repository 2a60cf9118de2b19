// `streams-verify`: reads the output of `streams-count` with read_committed (assign + seekToBeginning)
// until every word of spec records 0..count-1 reached its count, and checks each word's counts came
// as 1, 2, ..., n: one update per input record, none lost, none repeated, in order.
//   --bootstrap --output --count [--timeout-ms 90000]
// Events: {"event":"verified","words","updates","complete","errorCount","errors"}
package strand.interop;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

final class StreamsVerifyCommand {
  private StreamsVerifyCommand() {}

  private static boolean atEnd(KafkaConsumer<String, Long> c, List<TopicPartition> tps, Map<TopicPartition, Long> end) {
    for (TopicPartition tp : tps) if (c.position(tp, Duration.ofSeconds(15)) < end.get(tp)) return false;
    return true;
  }

  static void run(Args a) {
    String output = a.str("output");
    long count = a.num("count");
    long timeoutMs = a.num("timeout-ms", 90_000);
    Map<String, Long> expected = new HashMap<>();
    for (long i = 0; i < count; i++) expected.merge(new String(Spec.value(i), StandardCharsets.US_ASCII), 1L, Long::sum);
    Map<String, Long> last = new HashMap<>();
    Json.Errors errors = new Json.Errors(20);
    long updates = 0;
    long complete = 0;
    try (KafkaConsumer<String, Long> consumer = new KafkaConsumer<>(
        TxnSupport.consumerProps(a, "strand-interop-streams-verify", "read_committed"), new StringDeserializer(), new LongDeserializer())) {
      List<TopicPartition> tps = new ArrayList<>();
      for (PartitionInfo p : consumer.partitionsFor(output, Duration.ofSeconds(30))) tps.add(new TopicPartition(output, p.partition()));
      consumer.assign(tps);
      consumer.seekToBeginning(tps);
      long deadline = System.currentTimeMillis() + timeoutMs;
      // Bounded by the deadline: the app may still be catching up after the broker's restart.
      while (complete < expected.size() && System.currentTimeMillis() < deadline) {
        for (ConsumerRecord<String, Long> r : consumer.poll(Duration.ofMillis(200))) {
          updates++;
          Long want = expected.get(r.key());
          long prev = last.getOrDefault(r.key(), 0L);
          if (want == null) {
            errors.add(r.partition() + "/" + r.offset() + ": unknown word of " + r.key().length() + " chars");
            continue;
          }
          if (r.value() == null || r.value() != prev + 1) {
            errors.add(r.partition() + "/" + r.offset() + ": word of " + r.key().length() + " chars counted " + r.value() + " after " + prev);
          }
          if (r.value() != null) {
            last.put(r.key(), r.value());
            if (r.value().longValue() == want.longValue() && prev != want) complete++;
          }
        }
      }
      // Everything counted: whatever else is committed after it (up to the last stable offset) is a repeat.
      Map<TopicPartition, Long> end = consumer.endOffsets(tps, Duration.ofSeconds(15));
      while (complete == expected.size() && System.currentTimeMillis() < deadline && !atEnd(consumer, tps, end)) {
        for (ConsumerRecord<String, Long> r : consumer.poll(Duration.ofMillis(200))) {
          updates++;
          errors.add(r.partition() + "/" + r.offset() + ": update " + r.value() + " after every word reached its count");
        }
      }
    }
    for (Map.Entry<String, Long> e : expected.entrySet()) {
      long got = last.getOrDefault(e.getKey(), 0L);
      if (got != e.getValue()) errors.add("word of " + e.getKey().length() + " chars: last count " + got + ", expected " + e.getValue());
    }
    Json.event("verified")
        .put("words", expected.size())
        .put("updates", updates)
        .put("complete", complete)
        .put("errorCount", errors.count)
        .put("errors", errors.first)
        .print();
  }
}
