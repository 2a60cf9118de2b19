// `chaos-produce`: one idempotent acks=all producer of the replication chaos tests (issue 13). It sends
// the value "<id>-<seq>" (no key) to partition seq % partitions at --rate records per second until its
// stdin closes, then flushes and exits. It prints, in batches every 100 ms:
//   {"event":"acks","r":[[partition,offset,seq,sentAtMs,ackedAtMs],...]}   every acknowledgement
//   {"event":"failed","r":[[seq,"error"],...]}                              every send that failed
// and at the end {"event":"produced","sent":N,"acked":N,"failed":N,"ms":N}. Times are wall-clock ms
// (the test's clock), so the test can measure failover from the moment it injected a fault.
//   --bootstrap --topic --partitions --id --rate [--request-timeout-ms 8000] [--delivery-timeout-ms 120000]
package strand.interop;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

final class ChaosProduceCommand {
  private ChaosProduceCommand() {}

  /** At most this many acknowledgements in one printed line. */
  private static final int MAX_PER_LINE = 2_000;

  static void run(Args a) throws Exception {
    String topic = a.str("topic");
    int partitions = (int) a.num("partitions");
    String id = a.str("id");
    long rate = a.num("rate");
    Properties props = new Properties();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    props.put(ProducerConfig.CLIENT_ID_CONFIG, "strand-chaos-producer-" + id);
    // Spelled out although they are the defaults: the test is about exactly these guarantees.
    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    props.put(ProducerConfig.ACKS_CONFIG, "all");
    props.put(ProducerConfig.RETRIES_CONFIG, Integer.toString(Integer.MAX_VALUE));
    props.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "5");
    // A paused leader never answers: give up on a request sooner than the 30 s default, so the
    // producer asks for metadata again and finds the new leader (retried, never a lost record).
    props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, a.str("request-timeout-ms", "8000"));
    props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, a.str("delivery-timeout-ms", "120000"));
    props.put(ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
    props.put(ProducerConfig.LINGER_MS_CONFIG, "5");

    AtomicBoolean stop = new AtomicBoolean(false);
    Thread stdinWatch = new Thread(() -> {
      try {
        // Bounded by the stream: returns -1 when the test closes our stdin (or dies).
        while (System.in.read() >= 0) {}
      } catch (java.io.IOException e) {
        // stdin gone: stop as well
      }
      stop.set(true);
    }, "stdin-watch");
    stdinWatch.setDaemon(true);
    stdinWatch.start();

    ConcurrentLinkedQueue<List<Object>> acks = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<List<Object>> failed = new ConcurrentLinkedQueue<>();
    AtomicLong ackedCount = new AtomicLong();
    AtomicLong failedCount = new AtomicLong();
    AtomicBoolean printing = new AtomicBoolean(true);
    Thread printer = new Thread(() -> {
      // Bounded by `printing`, cleared after the producer is closed.
      while (printing.get()) {
        drain(acks, failed);
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "printer");
    printer.start();

    long started = System.nanoTime();
    long sent = 0;
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
      // Bounded by stdin: the test closes it to end the run (and kills us after its own deadline).
      while (!stop.get()) {
        long dueNs = started + sent * 1_000_000_000L / rate;
        long waitMs = (dueNs - System.nanoTime()) / 1_000_000;
        if (waitMs > 0) Thread.sleep(Math.min(waitMs, 100));
        if ((dueNs - System.nanoTime()) / 1_000_000 > 0) continue;
        final long seq = sent++;
        int p = (int) (seq % partitions);
        byte[] value = (id + "-" + seq).getBytes(StandardCharsets.UTF_8);
        final long sentAt = System.currentTimeMillis();
        try {
          producer.send(new ProducerRecord<>(topic, p, null, value), (md, err) -> {
            if (err != null) {
              failedCount.incrementAndGet();
              failed.add(List.of(seq, err.toString()));
              return;
            }
            ackedCount.incrementAndGet();
            acks.add(List.of(md.partition(), md.offset(), seq, sentAt, System.currentTimeMillis()));
          });
        } catch (KafkaException e) {
          // send() itself gave up (max.block.ms waiting for metadata): an unknown outcome, not a crash.
          failedCount.incrementAndGet();
          failed.add(List.of(seq, e.toString()));
        }
      }
      producer.flush();
    }
    printing.set(false);
    printer.join();
    drain(acks, failed);
    Json.event("produced")
        .put("sent", sent)
        .put("acked", ackedCount.get())
        .put("failed", failedCount.get())
        .put("ms", (System.nanoTime() - started) / 1_000_000)
        .print();
  }

  private static void drain(ConcurrentLinkedQueue<List<Object>> acks, ConcurrentLinkedQueue<List<Object>> failed) {
    printBatches("acks", acks);
    printBatches("failed", failed);
  }

  private static void printBatches(String event, ConcurrentLinkedQueue<List<Object>> q) {
    List<List<Object>> batch = new ArrayList<>();
    List<Object> e;
    // Bounded by what the queue holds now (new entries wait for the next drain).
    while ((e = q.poll()) != null) {
      batch.add(e);
      if (batch.size() >= MAX_PER_LINE) {
        Json.event(event).put("r", batch).print();
        batch = new ArrayList<>();
      }
    }
    if (!batch.isEmpty()) Json.event(event).put("r", batch).print();
  }
}
