// Keyed records for the benchmark's compaction workload (bench/lib/compaction.ts), with Kafka's own Java
// client (kafka-clients 4.4.0). Kafka's ProducerPerformance sends no keys, and a compacted topic refuses
// keyless records, hence this tool.
//
//   java KeyedProduce <bootstrap> <topic> <records> <keys> <valueBytes> <seed> <acks> <lingerMs> <batchBytes> <compression>
//
// Record i has key "k%09d" of index (j * P + r * Q) mod keys, with r = i / keys and j = i mod keys, P
// coprime to keys: every key is written once per round of `keys` records, each round in another order,
// so the log holds exactly min(records, keys) distinct keys, each written records / keys times. Values
// are `valueBytes` random bytes (seeded) beginning with the record's index. Partition by key (the
// default partitioner). Output: one JSON line {"event":"keyed-produce","records","keys","bytes",
// "elapsedMs","mibPerSec","recordsPerSec"}, bytes = key + value bytes sent, elapsed from the first
// send to the end of flush() (every record acknowledged).
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

public final class KeyedProduce {
  public static void main(String[] args) throws Exception {
    if (args.length != 10) {
      System.err.println("usage: KeyedProduce <bootstrap> <topic> <records> <keys> <valueBytes> <seed> <acks> <lingerMs> <batchBytes> <compression>");
      System.exit(2);
    }
    final String bootstrap = args[0];
    final String topic = args[1];
    final long records = Long.parseLong(args[2]);
    final int keys = Integer.parseInt(args[3]);
    final int valueBytes = Integer.parseInt(args[4]);
    final long seed = Long.parseLong(args[5]);
    if (records < 1 || keys < 1 || keys > 1_000_000_000 || valueBytes < 8 || valueBytes > 1_000_000) {
      throw new IllegalArgumentException("bad records/keys/valueBytes");
    }
    Properties pp = new Properties();
    pp.put("bootstrap.servers", bootstrap);
    pp.put("key.serializer", ByteArraySerializer.class.getName());
    pp.put("value.serializer", ByteArraySerializer.class.getName());
    pp.put("acks", args[6]);
    pp.put("linger.ms", args[7]);
    pp.put("batch.size", args[8]);
    pp.put("compression.type", args[9]);

    final SplittableRandom rnd = new SplittableRandom(seed);
    final byte[] pool = new byte[1 << 16];
    for (int i = 0; i < pool.length; i++) pool[i] = (byte) rnd.nextInt(256);
    long p = 0x9E3779B1L % keys;
    // Bounded: some p in [p, p + keys] is coprime to keys (1 is, modulo keys).
    while (gcd(Math.max(p, 1), keys) != 1) p++;
    final long step = Math.max(p, 1);
    final long shift = rnd.nextLong(keys);
    final AtomicReference<Exception> sendError = new AtomicReference<>();
    long bytes = 0;
    long t0;
    long t1;
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(pp)) {
      // Metadata first, so the clock does not include the client's start-up.
      producer.partitionsFor(topic);
      t0 = System.nanoTime();
      for (long i = 0; i < records; i++) {
        if (sendError.get() != null) break;
        final long round = i / keys;
        final long j = i % keys;
        final long idx = (j * step + round * shift) % keys;
        final byte[] key = String.format("k%09d", idx).getBytes(StandardCharsets.US_ASCII);
        final int off = rnd.nextInt(pool.length - valueBytes + 1 > 0 ? pool.length - valueBytes + 1 : 1);
        final byte[] value = valueBytes <= pool.length ? Arrays.copyOfRange(pool, off, off + valueBytes) : new byte[valueBytes];
        ByteBuffer.wrap(value).putLong(i);
        bytes += key.length + value.length;
        producer.send(new ProducerRecord<>(topic, key, value), (md, e) -> {
          if (e != null) sendError.compareAndSet(null, e);
        });
      }
      producer.flush();
      t1 = System.nanoTime();
    }
    if (sendError.get() != null) throw sendError.get();
    final double seconds = (t1 - t0) / 1e9;
    System.out.println("{\"event\":\"keyed-produce\",\"records\":" + records + ",\"keys\":" + Math.min(records, keys)
        + ",\"bytes\":" + bytes + ",\"elapsedMs\":" + Math.round((t1 - t0) / 1e6)
        + ",\"mibPerSec\":" + (bytes / 1048576.0) / seconds + ",\"recordsPerSec\":" + records / seconds + "}");
  }

  private static long gcd(long a, long b) {
    // Bounded: Euclid's algorithm takes O(log min(a, b)) steps.
    while (b != 0) {
      final long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }
}
