// Share-group (KIP-932) consumption with Kafka's own KafkaShareConsumer (kafka-clients 4.4.0), for
// Strand's benchmark (bench/lib/share.ts compiles and runs it, bench/lib/kafka-perf.ts).
//
//   java ShareConsumeBench <bootstrap> <topic> <group> <records> <consumers> <implicit|explicit> <timeoutMs>
//
// <consumers> KafkaShareConsumers (one thread each) in one share group read <topic> until together they
// got <records> records (the group must read from the earliest offset: share.auto.offset.reset).
// implicit: records are acknowledged (ACCEPT) by the next poll, as Kafka's ShareConsumerPerformance does.
// explicit: every record is acknowledged with ACCEPT and commitSync() is timed after each poll: the
// ShareAcknowledge round trip, which the broker answers once the acknowledgement is persisted to the
// share coordinator (the acknowledgement latency). Kafka's ShareConsumerPerformance reports neither the
// steady rate nor this latency; its figure includes the group join.
// Output: one JSON line {"records","bytes","consumers","joinMs","steadyMs","totalMs","commits",
// "ackP50Us","ackP99Us","ackMaxUs"}: joinMs = start to the first record; steadyMs = first record to the
// last; the rate is bytes / steadyMs.
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

public final class ShareConsumeBench {
  public static void main(String[] args) throws Exception {
    if (args.length != 7) {
      System.err.println("usage: ShareConsumeBench <bootstrap> <topic> <group> <records> <consumers> <implicit|explicit> <timeoutMs>");
      System.exit(2);
    }
    final String bootstrap = args[0];
    final String topic = args[1];
    final String group = args[2];
    final long records = Long.parseLong(args[3]);
    final int consumers = Integer.parseInt(args[4]);
    final boolean explicit = args[5].equals("explicit");
    final long timeoutMs = Long.parseLong(args[6]);
    if (consumers < 1 || consumers > 256 || records < 1) throw new IllegalArgumentException("bad records/consumers");

    final AtomicLong got = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong firstNs = new AtomicLong();
    final AtomicLong lastNs = new AtomicLong();
    final AtomicReference<Throwable> failure = new AtomicReference<>();
    // Bounded: one sample per poll, at most records polls.
    final List<long[]> ackNs = new ArrayList<>();
    final long start = System.nanoTime();
    final long deadline = start + timeoutMs * 1_000_000L;
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < consumers; i++) {
      final int id = i;
      Thread t = new Thread(() -> {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("group.id", group);
        p.put("client.id", "share-bench-" + id);
        p.put("share.acknowledgement.mode", explicit ? "explicit" : "implicit");
        long[] samples = new long[explicit ? (int) Math.min(records, 1_000_000) : 0];
        int n = 0;
        try (KafkaShareConsumer<byte[], byte[]> c = new KafkaShareConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
          c.subscribe(List.of(topic));
          // Bounded by the deadline.
          while (got.get() < records && System.nanoTime() < deadline) {
            ConsumerRecords<byte[], byte[]> rs = c.poll(Duration.ofMillis(100));
            if (rs.isEmpty()) continue;
            firstNs.compareAndSet(0, System.nanoTime());
            long b = 0;
            for (ConsumerRecord<byte[], byte[]> r : rs) {
              b += r.serializedValueSize() + Math.max(0, r.serializedKeySize());
              if (explicit) c.acknowledge(r, AcknowledgeType.ACCEPT);
            }
            bytes.addAndGet(b);
            if (explicit) {
              long t0 = System.nanoTime();
              c.commitSync(Duration.ofSeconds(30));
              if (n < samples.length) samples[n++] = System.nanoTime() - t0;
            }
            if (got.addAndGet(rs.count()) >= records) lastNs.compareAndSet(0, System.nanoTime());
          }
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        }
        synchronized (ackNs) {
          ackNs.add(Arrays.copyOf(samples, n));
        }
      }, "share-bench-" + i);
      threads.add(t);
      t.start();
    }
    for (Thread t : threads) t.join();
    if (failure.get() != null) throw new RuntimeException(failure.get());
    long end = lastNs.get() == 0 ? System.nanoTime() : lastNs.get();
    long[] all = ackNs.stream().flatMapToLong(Arrays::stream).sorted().toArray();
    System.out.printf("{\"records\":%d,\"bytes\":%d,\"consumers\":%d,\"joinMs\":%.1f,\"steadyMs\":%.1f,\"totalMs\":%.1f,"
        + "\"commits\":%d,\"ackP50Us\":%d,\"ackP99Us\":%d,\"ackMaxUs\":%d}%n",
        got.get(), bytes.get(), consumers, firstNs.get() == 0 ? -1.0 : (firstNs.get() - start) / 1e6,
        firstNs.get() == 0 ? -1.0 : (end - firstNs.get()) / 1e6, (end - start) / 1e6,
        all.length, pct(all, 0.50), pct(all, 0.99), all.length == 0 ? 0 : all[all.length - 1] / 1000);
  }

  private static long pct(long[] sorted, double q) {
    if (sorted.length == 0) return 0;
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1000;
  }
}
