// `txn-read`: a KafkaConsumer without a group (assign + seekToBeginning) with --isolation
// read_committed or read_uncommitted reads every partition of a topic written by `txn-produce`,
// `ctp` or `fence`. Records with spec keys are checked by position (the j-th on partition p is spec
// record j * P + p: markers and aborted records take offsets, so offsets are not i / P); records with
// "x..." keys come from aborted or fenced transactions: an error under read_committed, counted under
// read_uncommitted. It reads until --count spec records arrived and its position reached endOffsets
// (the last stable offset under read_committed), then checks nothing more is there.
//   --bootstrap --topic --partitions --count --t0 [--isolation read_committed] [--timeout-ms 60000]
// Events: {"event":"read","count","aborted","perPartition","endOffsets","errorCount","errors"}
package strand.interop;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

final class TxnReadCommand {
  private TxnReadCommand() {}

  static void run(Args a) {
    String topic = a.str("topic");
    int partitions = (int) a.num("partitions");
    long count = a.num("count");
    String isolation = a.str("isolation", "read_committed");
    boolean committedOnly = isolation.equals("read_committed");
    long timeoutMs = a.num("timeout-ms", 60_000);
    Verifier v = new Verifier(partitions, count, a.num("t0"));
    long[] seen = new long[partitions];
    long aborted = 0;
    List<Long> ends = new ArrayList<>();
    long started = System.nanoTime();
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
        TxnSupport.consumerProps(a, "strand-interop-java-txn-reader", isolation), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> tps = new ArrayList<>();
      for (int p = 0; p < partitions; p++) tps.add(new TopicPartition(topic, p));
      consumer.assign(tps);
      consumer.seekToBeginning(tps);
      long deadline = System.currentTimeMillis() + timeoutMs;
      Map<TopicPartition, Long> end = null;
      // Bounded by the deadline. Markers are written after EndTxn answers, so the last stable offset
      // may lag the last commit: read until every spec record arrived and the position is at the end.
      while (System.currentTimeMillis() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          int p = r.partition();
          if (TxnSupport.isAbortedKey(r.key())) {
            aborted++;
            if (committedOnly) v.errors.add(p + "/" + r.offset() + ": record " + new String(r.key()) + " of an aborted transaction");
            continue;
          }
          long i = seen[p] * partitions + p;
          v.checkContent(r, i, p + "/" + r.offset() + " (#" + seen[p] + ")");
          seen[p]++;
          v.total++;
        }
        if (v.total < count) continue;
        end = consumer.endOffsets(tps, Duration.ofSeconds(15));
        boolean atEnd = true;
        for (TopicPartition tp : tps) atEnd &= consumer.position(tp, Duration.ofSeconds(15)) >= end.get(tp);
        if (atEnd) break;
      }
      for (int p = 0; p < partitions; p++) {
        if (seen[p] != v.expected[p]) v.errors.add("partition " + p + ": " + seen[p] + " spec records, expected " + v.expected[p]);
      }
      if (end != null) for (TopicPartition tp : tps) ends.add(end.get(tp));
    }
    List<Long> per = new ArrayList<>();
    for (long s : seen) per.add(s);
    Json.event("read")
        .put("isolation", isolation)
        .put("count", v.total)
        .put("aborted", aborted)
        .put("perPartition", per)
        .put("endOffsets", ends)
        .put("errorCount", v.errors.count)
        .put("errors", v.errors.first)
        .put("ms", (System.nanoTime() - started) / 1_000_000)
        .print();
  }
}
