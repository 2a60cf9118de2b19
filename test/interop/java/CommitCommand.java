// `commit`: a group member (classic protocol, subscribe) that reads records of the spec from its
// group's committed offsets and commits each poll's positions with commitSync, printing every commit
// the broker acknowledged. It stops once it has read --records records (or everything) and prints
// "final"; with --hold it then waits for stdin to close without committing, leaving or closing, so the
// test can kill the broker right after the last acknowledged commit (test/interop/offsets-sigkill.test.ts).
//   --bootstrap --topic --partitions --count --t0 --group --records
//   [--max-poll-records 50] [--max-partition-fetch-bytes 1048576] [--session-timeout-ms 6000]
//   [--timeout-ms 60000] [--hold false]
// Events: {"event":"assigned","generation","partitions","committed"}  committed offsets read at assignment
//         {"event":"committed","seq","offsets"}  after each acknowledged commitSync, all partitions, -1 = none
//         {"event":"final","offsets","consumed","nextOffsets","errorCount","errors"}
package strand.interop;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

final class CommitCommand {
  private CommitCommand() {}

  static List<Long> asList(long[] a) {
    List<Long> l = new ArrayList<>();
    for (long o : a) l.add(o);
    return l;
  }

  static void run(Args a) throws IOException {
    String topic = a.str("topic");
    int partitions = (int) a.num("partitions");
    long records = a.num("records");
    long timeoutMs = a.num("timeout-ms", 60_000);
    boolean hold = Boolean.parseBoolean(a.str("hold", "false"));
    long sessionTimeoutMs = a.num("session-timeout-ms", 6000);
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    props.put(ConsumerConfig.CLIENT_ID_CONFIG, "strand-interop-java-committer");
    props.put(ConsumerConfig.GROUP_ID_CONFIG, a.str("group"));
    props.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Long.toString(a.num("max-poll-records", 50)));
    // Small fetches (still at least one batch, KIP-74) interleave the partitions in what poll returns.
    props.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Long.toString(a.num("max-partition-fetch-bytes", 1_048_576)));
    // A member killed with the broker is only removed when its session expires: keep that short.
    props.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, Long.toString(sessionTimeoutMs));
    props.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, Long.toString(Math.max(100, sessionTimeoutMs / 6)));
    props.put(ConsumerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
    props.put(ConsumerConfig.CHECK_CRCS_CONFIG, "true");
    Verifier v = new Verifier(partitions, a.num("count"), a.num("t0"));
    long[] committed = new long[partitions];
    java.util.Arrays.fill(committed, -1);
    long consumed = 0;
    KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    consumer.subscribe(List.of(topic), new ConsumerRebalanceListener() {
      @Override
      public void onPartitionsRevoked(Collection<TopicPartition> ps) {}

      @Override
      public void onPartitionsAssigned(Collection<TopicPartition> ps) {
        // What the group has committed is where this member starts: the Verifier expects exactly that.
        Map<TopicPartition, OffsetAndMetadata> c = consumer.committed(new HashSet<>(ps), Duration.ofSeconds(30));
        long[] start = new long[partitions];
        java.util.Arrays.fill(start, -1);
        for (TopicPartition tp : ps) {
          OffsetAndMetadata om = c.get(tp);
          start[tp.partition()] = om == null ? -1 : om.offset();
          v.next[tp.partition()] = om == null ? 0 : om.offset();
          if (om != null) committed[tp.partition()] = om.offset();
        }
        List<Integer> parts = new ArrayList<>();
        for (TopicPartition tp : ps) parts.add(tp.partition());
        Json.event("assigned").put("generation", consumer.groupMetadata().generationId())
            .put("partitions", parts).put("committed", asList(start)).print();
      }
    });
    long deadline = System.currentTimeMillis() + timeoutMs;
    int seq = 0;
    // Bounded by the deadline: a broker that stops answering fails the test's checks, not the JVM.
    while (consumed < records && !v.done() && System.currentTimeMillis() < deadline) {
      ConsumerRecords<byte[], byte[]> recs = consumer.poll(Duration.ofMillis(500));
      if (recs.isEmpty()) continue;
      Map<TopicPartition, OffsetAndMetadata> positions = new HashMap<>();
      for (TopicPartition tp : recs.partitions()) {
        List<ConsumerRecord<byte[], byte[]>> l = recs.records(tp);
        for (ConsumerRecord<byte[], byte[]> r : l) v.check(r);
        consumed += l.size();
        positions.put(tp, new OffsetAndMetadata(l.get(l.size() - 1).offset() + 1));
      }
      // Throws on failure: only commits the broker acknowledged are printed.
      consumer.commitSync(positions, Duration.ofSeconds(30));
      for (Map.Entry<TopicPartition, OffsetAndMetadata> e : positions.entrySet()) committed[e.getKey().partition()] = e.getValue().offset();
      Json.event("committed").put("seq", ++seq).put("offsets", asList(committed)).print();
    }
    Json.event("final")
        .put("offsets", asList(committed))
        .put("consumed", consumed)
        .put("nextOffsets", v.nextOffsets())
        .put("errorCount", v.errors.count)
        .put("errors", v.errors.first)
        .print();
    if (hold) {
      // Nothing more reaches the broker from this thread; the heartbeat thread only heartbeats.
      while (System.in.read() >= 0) {}
    }
    consumer.close(Duration.ofSeconds(5));
  }
}
