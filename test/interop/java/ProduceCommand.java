// `produce`: a KafkaProducer with its defaults (idempotent, acks=all) sends records 0..count-1 of the
// spec to explicit partitions and checks every acknowledged offset is i / partitions.
//   --bootstrap --topic --partitions --count --t0 [--compression none] [--rate recordsPerSec]
//   [--progress ackedCount]  prints {"event":"progress"} once that many records are acknowledged.
package strand.interop;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;

final class ProduceCommand {
  private ProduceCommand() {}

  static void run(Args a) throws Exception {
    String topic = a.str("topic");
    int partitions = (int) a.num("partitions");
    long count = a.num("count");
    long t0 = a.num("t0");
    long rate = a.num("rate", 0);
    long progressAt = a.num("progress", 0);
    Properties props = new Properties();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, a.str("compression", "none"));
    props.put(ProducerConfig.CLIENT_ID_CONFIG, "strand-interop-java-producer");
    // Reconnect quickly after a broker restart; every other setting is the producer's default.
    props.put(ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");

    AtomicLong acked = new AtomicLong();
    AtomicBoolean progressPrinted = new AtomicBoolean(false);
    Json.Errors errors = new Json.Errors(20);
    long[] lastOffset = new long[partitions];
    java.util.Arrays.fill(lastOffset, -1);
    long started = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
      for (long i = 0; i < count; i++) {
        if (rate > 0 && i % 100 == 0) {
          long dueNs = started + i * 1_000_000_000L / rate;
          long waitMs = (dueNs - System.nanoTime()) / 1_000_000;
          if (waitMs > 0) Thread.sleep(waitMs);
        }
        int p = (int) (i % partitions);
        RecordHeaders headers = new RecordHeaders();
        for (int k = 0; k < Spec.headerCount(i); k++) headers.add(Spec.headerKey(k), Spec.headerValue(i, k));
        ProducerRecord<byte[], byte[]> rec =
            new ProducerRecord<>(topic, p, Spec.timestamp(t0, i), Spec.key(i), Spec.value(i), headers);
        final long idx = i;
        producer.send(rec, (md, err) -> {
          if (err != null) {
            errors.add("record " + idx + ": " + err);
            return;
          }
          long expected = idx / partitions;
          if (md.partition() != p || md.offset() != expected) {
            errors.add("record " + idx + " acknowledged at " + md.partition() + "/" + md.offset() + ", expected " + p + "/" + expected);
          }
          synchronized (lastOffset) {
            lastOffset[p] = Math.max(lastOffset[p], md.offset());
          }
          long n = acked.incrementAndGet();
          if (progressAt > 0 && n >= progressAt && progressPrinted.compareAndSet(false, true)) {
            Json.event("progress").put("acked", n).print();
          }
        });
      }
      producer.flush();
    }
    java.util.List<Long> last = new java.util.ArrayList<>();
    for (long o : lastOffset) last.add(o);
    Json.event("produced")
        .put("count", count)
        .put("acked", acked.get())
        .put("lastOffsets", last)
        .put("errorCount", errors.count)
        .put("errors", errors.first)
        .put("ms", (System.nanoTime() - started) / 1_000_000)
        .print();
  }
}
