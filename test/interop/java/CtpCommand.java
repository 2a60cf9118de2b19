// `ctp`: consume-transform-produce, the loop of every exactly-once service. A group member (classic
// protocol, subscribe, read_committed) reads the spec topic --input; for each poll one transaction of
// a transactional producer (--txn-id) copies the records to the same partition of --output and adds
// the consumer's positions with sendOffsetsToTransaction(offsets, groupMetadata). Every
// --abort-every-th transaction is aborted instead, and the consumer seeks back to the poll's first
// offsets, so those records are copied again by a later transaction. Output partition p then holds
// input partition p's records once, in order (checked with `txn-read`).
//   --bootstrap --input --output --partitions --count --group --txn-id [--abort-every 4]
//   [--max-poll-records 100] [--session-timeout-ms 6000] [--timeout-ms 90000] [--stall-after 0]
// With --stall-after N, once N records are committed the next transaction is begun, its records sent
// and flushed and its offsets added, then the driver prints {"event":"stalled"} and waits for stdin to
// close (the test SIGKILLs it: an open transaction the next instance's initTransactions must abort).
// Events: {"event":"assigned","partitions","positions"}
//         {"event":"done","copied","transactions","abortedTransactions","committed","errorCount","errors"}
package strand.interop;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

final class CtpCommand {
  private CtpCommand() {}

  static void run(Args a) throws Exception {
    String input = a.str("input");
    String output = a.str("output");
    int partitions = (int) a.num("partitions");
    long count = a.num("count");
    long abortEvery = a.num("abort-every", 4);
    long stallAfter = a.num("stall-after", 0);
    long timeoutMs = a.num("timeout-ms", 90_000);
    long sessionTimeoutMs = a.num("session-timeout-ms", 6000);
    Properties cprops = TxnSupport.consumerProps(a, "strand-interop-java-ctp-consumer", "read_committed");
    cprops.put(ConsumerConfig.GROUP_ID_CONFIG, a.str("group"));
    cprops.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
    cprops.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    cprops.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Long.toString(a.num("max-poll-records", 100)));
    cprops.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, Long.toString(sessionTimeoutMs));
    cprops.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, Long.toString(Math.max(100, sessionTimeoutMs / 6)));
    long[] expected = new long[partitions];
    for (int p = 0; p < partitions; p++) expected[p] = count / partitions + (p < count % partitions ? 1 : 0);
    long[] committed = new long[partitions];
    Json.Errors errors = new Json.Errors(20);
    long copied = 0;
    long transactions = 0;
    long aborted = 0;
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(cprops, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        KafkaProducer<byte[], byte[]> producer = TxnSupport.producer(a, a.str("txn-id"), "strand-interop-java-ctp-producer")) {
      // Before subscribing: this fences a previous instance and aborts its open transaction, whose
      // pending offsets would otherwise hold up committed() below (read_committed asks for stable offsets).
      producer.initTransactions();
      consumer.subscribe(List.of(input), new ConsumerRebalanceListener() {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> ps) {}

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> ps) {
          List<Integer> parts = new ArrayList<>();
          List<Long> positions = new ArrayList<>();
          for (TopicPartition tp : ps) {
            long pos = consumer.position(tp, Duration.ofSeconds(30));
            committed[tp.partition()] = pos;
            parts.add(tp.partition());
            positions.add(pos);
          }
          Json.event("assigned").put("partitions", parts).put("positions", positions).print();
        }
      });
      long deadline = System.currentTimeMillis() + timeoutMs;
      // Bounded by the deadline; each committed transaction moves at least one position forward.
      while (!done(committed, expected) && System.currentTimeMillis() < deadline) {
        ConsumerRecords<byte[], byte[]> recs = consumer.poll(Duration.ofMillis(200));
        if (recs.isEmpty()) continue;
        producer.beginTransaction();
        transactions++;
        Map<TopicPartition, OffsetAndMetadata> positions = new HashMap<>();
        Map<TopicPartition, Long> firsts = new HashMap<>();
        long n = 0;
        for (TopicPartition tp : recs.partitions()) {
          List<ConsumerRecord<byte[], byte[]>> l = recs.records(tp);
          for (ConsumerRecord<byte[], byte[]> r : l) {
            producer.send(new ProducerRecord<>(output, r.partition(), r.timestamp(), r.key(), r.value(), r.headers()),
                TxnProduceCommand.callback(errors, r.offset()));
          }
          n += l.size();
          firsts.put(tp, l.get(0).offset());
          positions.put(tp, new OffsetAndMetadata(l.get(l.size() - 1).offset() + 1));
        }
        producer.sendOffsetsToTransaction(positions, consumer.groupMetadata());
        if (stallAfter > 0 && copied >= stallAfter) {
          producer.flush();
          Json.event("stalled").put("copied", copied).put("open", n).print();
          while (System.in.read() >= 0) {}
          return;
        }
        if (abortEvery > 0 && transactions % abortEvery == 0) {
          producer.flush();
          producer.abortTransaction();
          aborted++;
          for (Map.Entry<TopicPartition, Long> e : firsts.entrySet()) consumer.seek(e.getKey(), e.getValue());
        } else {
          producer.commitTransaction();
          copied += n;
          for (Map.Entry<TopicPartition, OffsetAndMetadata> e : positions.entrySet()) committed[e.getKey().partition()] = e.getValue().offset();
        }
      }
    }
    Json.event("done")
        .put("copied", copied)
        .put("transactions", transactions)
        .put("abortedTransactions", aborted)
        .put("committed", CommitCommand.asList(committed))
        .put("errorCount", errors.count)
        .put("errors", errors.first)
        .print();
  }

  private static boolean done(long[] committed, long[] expected) {
    for (int p = 0; p < committed.length; p++) if (committed[p] < expected[p]) return false;
    return true;
  }
}
