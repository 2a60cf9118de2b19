// End-to-end latency at a fixed rate, with Kafka's own Java client (kafka-clients 4.4.0), for Strand's
// benchmark (bench/lib/latency.ts compiles and runs it). Kafka ships EndToEndLatency, but it keeps one
// message in flight (no fixed rate), reports percentiles in whole milliseconds (sub-millisecond loopback
// latencies all print as 0), and needs a group coordinator; this tool fixes those three points.
//
//   java RateLatency <bootstrap> <topic> <ratePerSec> <durationSec> <warmupSec> <recordBytes> <acks>
//
// A consumer is assigned every partition of the topic (no group) at the end of the log; a producer
// thread then sends one record every 1/rate seconds on a fixed schedule (no coordinated omission: the
// send time written into the record is the scheduled time, not the actual one). The consumer measures
// now - scheduled send time for each record. Records scheduled during the warm-up are not counted.
// Output: one JSON line {"sent","received","counted","p50Us","p99Us","p999Us","maxUs","avgUs","rate"}.
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

public final class RateLatency {
  public static void main(String[] args) throws Exception {
    if (args.length != 7) {
      System.err.println("usage: RateLatency <bootstrap> <topic> <ratePerSec> <durationSec> <warmupSec> <recordBytes> <acks>");
      System.exit(2);
    }
    final String bootstrap = args[0];
    final String topic = args[1];
    final int rate = Integer.parseInt(args[2]);
    final int durationSec = Integer.parseInt(args[3]);
    final int warmupSec = Integer.parseInt(args[4]);
    final int recordBytes = Math.max(16, Integer.parseInt(args[5]));
    final String acks = args[6];
    final long total = (long) rate * durationSec;
    final long warmupCount = (long) rate * warmupSec;
    if (total <= warmupCount || total > 50_000_000L) throw new IllegalArgumentException("bad rate/duration/warmup");

    Properties cp = new Properties();
    cp.put("bootstrap.servers", bootstrap);
    cp.put("key.deserializer", ByteArrayDeserializer.class.getName());
    cp.put("value.deserializer", ByteArrayDeserializer.class.getName());
    cp.put("enable.auto.commit", "false");
    cp.put("auto.offset.reset", "latest");
    Properties pp = new Properties();
    pp.put("bootstrap.servers", bootstrap);
    pp.put("key.serializer", ByteArraySerializer.class.getName());
    pp.put("value.serializer", ByteArraySerializer.class.getName());
    pp.put("acks", acks);
    pp.put("linger.ms", "0");

    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(cp);
         KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(pp)) {
      List<TopicPartition> parts = new ArrayList<>();
      for (PartitionInfo p : consumer.partitionsFor(topic, Duration.ofSeconds(30))) parts.add(new TopicPartition(topic, p.partition()));
      consumer.assign(parts);
      consumer.seekToEnd(parts);
      for (TopicPartition tp : parts) consumer.position(tp, Duration.ofSeconds(30)); // resolve offsets before sending
      producer.partitionsFor(topic); // metadata ready before the clock starts

      final long[] latUs = new long[(int) (total - warmupCount)];
      final AtomicLong sent = new AtomicLong();
      final AtomicReference<Exception> sendError = new AtomicReference<>();
      final long intervalNs = 1_000_000_000L / rate;
      final long start = System.nanoTime() + 200_000_000L;
      Thread sender = new Thread(() -> {
        byte[] payload = new byte[recordBytes];
        for (long i = 0; i < total && sendError.get() == null; i++) {
          long due = start + i * intervalNs;
          long wait;
          while ((wait = due - System.nanoTime()) > 0) LockSupport.parkNanos(wait);
          ByteBuffer.wrap(payload).putLong(0, due).putLong(8, i);
          producer.send(new ProducerRecord<>(topic, payload.clone()), (md, e) -> {
            if (e != null) sendError.compareAndSet(null, e);
          });
          sent.incrementAndGet();
        }
      }, "rate-sender");
      sender.setDaemon(true);
      sender.start();

      long received = 0;
      int counted = 0;
      long lastProgress = System.nanoTime();
      // Bounded: ends when every record arrived, or 15 s pass without one (reported as a shortfall).
      while (received < total && System.nanoTime() - lastProgress < 15_000_000_000L) {
        if (sendError.get() != null) throw sendError.get();
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
          long now = System.nanoTime();
          ByteBuffer b = ByteBuffer.wrap(r.value());
          long due = b.getLong(0);
          long seq = b.getLong(8);
          received++;
          lastProgress = now;
          if (seq >= warmupCount && counted < latUs.length) latUs[counted++] = (now - due) / 1_000L;
        }
      }
      sender.join(1_000);
      long[] l = Arrays.copyOf(latUs, counted);
      Arrays.sort(l);
      long sum = 0;
      for (long v : l) sum += v;
      System.out.printf("{\"sent\":%d,\"received\":%d,\"counted\":%d,\"p50Us\":%d,\"p99Us\":%d,\"p999Us\":%d,\"maxUs\":%d,\"avgUs\":%.1f,\"rate\":%d}%n",
          sent.get(), received, counted, pct(l, 0.5), pct(l, 0.99), pct(l, 0.999), l.length == 0 ? -1 : l[l.length - 1],
          l.length == 0 ? -1.0 : (double) sum / l.length, rate);
      if (received < total) System.exit(3);
    }
  }

  /** Nearest-rank percentile of a sorted array; -1 when empty. */
  private static long pct(long[] sorted, double q) {
    if (sorted.length == 0) return -1;
    int idx = (int) Math.ceil(q * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, idx))];
  }
}
