// What a transaction commit adds, with Kafka's own Java client (kafka-clients 4.4.0), for Strand's
// benchmark (bench/lib/kafka-perf.ts compiles and runs it). Kafka's ProducerPerformance measures
// transactional throughput but not the commit itself; this tool times it.
//
//   java TxnCommitLatency <bootstrap> <topic> <transactions> <recordsPerTxn> <recordBytes> <warmupTxns> <transactionalId>
//
// initTransactions once, then one transaction after another: beginTransaction, recordsPerTxn records
// sent (acks=all, idempotent, as transactions require), flush() so every record is acknowledged, then
// commitTransaction() alone is timed: with the records already written this is the EndTxn round trip
// (the coordinator's PREPARE_COMMIT write; markers are written after the answer). The whole
// transaction (begin to commit returned) is timed beside it: it also holds the first produce of the
// next transaction, which under Transactions V2 adds the partition to the transaction and may wait
// for the previous transaction's markers. The first warmupTxns transactions are not counted.
// Output: one JSON line {"transactions","counted","commitP50Us","commitP99Us","commitMaxUs",
// "commitAvgUs","txnP50Us","txnP99Us"}.
import java.util.Arrays;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

public final class TxnCommitLatency {
  public static void main(String[] args) throws Exception {
    if (args.length != 7) {
      System.err.println("usage: TxnCommitLatency <bootstrap> <topic> <transactions> <recordsPerTxn> <recordBytes> <warmupTxns> <transactionalId>");
      System.exit(2);
    }
    final String bootstrap = args[0];
    final String topic = args[1];
    final int transactions = Integer.parseInt(args[2]);
    final int perTxn = Integer.parseInt(args[3]);
    final int recordBytes = Integer.parseInt(args[4]);
    final int warmup = Integer.parseInt(args[5]);
    final String transactionalId = args[6];
    if (transactions <= warmup || transactions > 1_000_000 || perTxn < 1 || perTxn > 100_000) {
      throw new IllegalArgumentException("bad transactions/recordsPerTxn/warmup");
    }

    Properties pp = new Properties();
    pp.put("bootstrap.servers", bootstrap);
    pp.put("key.serializer", ByteArraySerializer.class.getName());
    pp.put("value.serializer", ByteArraySerializer.class.getName());
    pp.put("transactional.id", transactionalId);
    pp.put("acks", "all");
    pp.put("linger.ms", "0");
    final byte[] value = new byte[recordBytes];
    Arrays.fill(value, (byte) 'x');
    final long[] commitNs = new long[transactions - warmup];
    final long[] txnNs = new long[transactions - warmup];
    final AtomicReference<Exception> sendError = new AtomicReference<>();
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(pp)) {
      producer.initTransactions();
      for (int t = 0; t < transactions; t++) {
        final long t0 = System.nanoTime();
        producer.beginTransaction();
        for (int i = 0; i < perTxn; i++) {
          producer.send(new ProducerRecord<>(topic, value), (md, e) -> {
            if (e != null) sendError.compareAndSet(null, e);
          });
        }
        producer.flush();
        if (sendError.get() != null) throw sendError.get();
        final long t1 = System.nanoTime();
        producer.commitTransaction();
        final long t2 = System.nanoTime();
        if (t >= warmup) {
          commitNs[t - warmup] = t2 - t1;
          txnNs[t - warmup] = t2 - t0;
        }
      }
    }
    Arrays.sort(commitNs);
    Arrays.sort(txnNs);
    long sum = 0;
    for (long x : commitNs) sum += x;
    System.out.println("{\"transactions\":" + transactions + ",\"counted\":" + commitNs.length
        + ",\"commitP50Us\":" + us(pct(commitNs, 0.50)) + ",\"commitP99Us\":" + us(pct(commitNs, 0.99))
        + ",\"commitMaxUs\":" + us(commitNs[commitNs.length - 1]) + ",\"commitAvgUs\":" + us(sum / commitNs.length)
        + ",\"txnP50Us\":" + us(pct(txnNs, 0.50)) + ",\"txnP99Us\":" + us(pct(txnNs, 0.99)) + "}");
  }

  private static long pct(long[] sorted, double q) {
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
  }

  private static long us(long ns) {
    return ns / 1000;
  }
}
