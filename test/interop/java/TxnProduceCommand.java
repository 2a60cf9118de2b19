// `txn-produce`: one transactional KafkaProducer (transactional.id --txn-id) writes records 0..count-1
// of the spec in committed transactions of --per-txn records, interleaved with aborted transactions
// (every --abort-every-th transaction) that hold --aborted-size records with "x..." keys on every
// partition, flushed before the abort so they are in the log. Record i still goes to partition i % P,
// so a read_committed consumer sees exactly the spec (test/interop/java/TxnReadCommand.java).
//   --bootstrap --topic --partitions --count --t0 --txn-id [--per-txn 100] [--abort-every 3]
//   [--aborted-size 20] [--describe-epochs false] [--hold-open 0]
// With --describe-epochs the AdminClient's describeTransactions is asked after every transaction, and
// the producer epochs it reports are printed (Transactions V2 bumps the epoch at every EndTxn, V1 not).
// With --hold-open N a last transaction with N "x..." records on partition 0 is left open: the driver
// prints {"event":"open"} and waits for stdin to close, then aborts it and prints {"event":"closed"}.
// Events: {"event":"txn-produced","committed","abortedRecords","transactions","abortedTransactions",
//          "epochs","producerIds","states","errorCount","errors"}
package strand.interop;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;

final class TxnProduceCommand {
  private TxnProduceCommand() {}

  static void run(Args a) throws Exception {
    String topic = a.str("topic");
    int partitions = (int) a.num("partitions");
    long count = a.num("count");
    long t0 = a.num("t0");
    String txnId = a.str("txn-id");
    long perTxn = a.num("per-txn", 100);
    long abortEvery = a.num("abort-every", 3);
    long abortedSize = a.num("aborted-size", 20);
    boolean describeEpochs = Boolean.parseBoolean(a.str("describe-epochs", "false"));
    long holdOpen = a.num("hold-open", 0);
    Json.Errors errors = new Json.Errors(20);
    List<Integer> epochs = new ArrayList<>();
    List<Long> producerIds = new ArrayList<>();
    List<String> states = new ArrayList<>();
    long transactions = 0;
    long abortedTransactions = 0;
    long abortedRecords = 0;
    long next = 0;
    long started = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> producer = TxnSupport.producer(a, txnId, "strand-interop-java-txn-producer");
        Admin admin = describeEpochs || holdOpen > 0 ? TxnSupport.admin(a) : null) {
      producer.initTransactions();
      if (describeEpochs) record(TxnSupport.describe(admin, txnId), epochs, producerIds, states);
      // Bounded: every committed transaction moves `next` forward by at least one record.
      while (next < count) {
        producer.beginTransaction();
        transactions++;
        boolean abort = abortEvery > 0 && transactions % abortEvery == 0;
        if (abort) {
          for (long j = 0; j < abortedSize; j++) {
            int p = (int) (j % partitions);
            final long n = abortedRecords + j;
            producer.send(new ProducerRecord<>(topic, p, TxnSupport.abortedKey("a", n), Spec.value(n)), (md, err) -> {
              if (err != null) errors.add("aborted record " + n + ": " + err);
            });
          }
          producer.flush(); // in the log before the abort: the consumer must skip them
          producer.abortTransaction();
          abortedTransactions++;
          abortedRecords += abortedSize;
        } else {
          long end = Math.min(count, next + perTxn);
          for (long i = next; i < end; i++) producer.send(specRecord(topic, partitions, t0, i), callback(errors, i));
          producer.commitTransaction();
          next = end;
        }
        if (describeEpochs) record(TxnSupport.describe(admin, txnId), epochs, producerIds, states);
      }
      Json.event("txn-produced")
          .put("committed", next)
          .put("abortedRecords", abortedRecords)
          .put("transactions", transactions)
          .put("abortedTransactions", abortedTransactions)
          .put("epochs", epochs)
          .put("producerIds", producerIds)
          .put("states", states)
          .put("errorCount", errors.count)
          .put("errors", errors.first)
          .put("ms", (System.nanoTime() - started) / 1_000_000)
          .print();
      if (holdOpen > 0) {
        producer.beginTransaction();
        for (long j = 0; j < holdOpen; j++) {
          producer.send(new ProducerRecord<>(topic, 0, TxnSupport.abortedKey("open", j), Spec.value(j)), callback(errors, -1));
        }
        producer.flush();
        TransactionDescription d = TxnSupport.describe(admin, txnId);
        Json.event("open").put("producerId", d.producerId()).put("epoch", d.producerEpoch())
            .put("state", d.state().toString()).put("partitions", d.topicPartitions().toString()).print();
        while (System.in.read() >= 0) {}
        producer.abortTransaction();
        Json.event("closed").put("errorCount", errors.count).put("errors", errors.first).print();
      }
    }
  }

  static ProducerRecord<byte[], byte[]> specRecord(String topic, int partitions, long t0, long i) {
    RecordHeaders headers = new RecordHeaders();
    for (int k = 0; k < Spec.headerCount(i); k++) headers.add(Spec.headerKey(k), Spec.headerValue(i, k));
    return new ProducerRecord<>(topic, (int) (i % partitions), Spec.timestamp(t0, i), Spec.key(i), Spec.value(i), headers);
  }

  static org.apache.kafka.clients.producer.Callback callback(Json.Errors errors, long i) {
    return (md, err) -> {
      if (err != null) errors.add("record " + i + ": " + TxnSupport.chain(err) + ": " + err.getMessage());
    };
  }

  private static void record(TransactionDescription d, List<Integer> epochs, List<Long> producerIds, List<String> states) {
    epochs.add(d.producerEpoch());
    producerIds.add(d.producerId());
    states.add(d.state().toString());
  }
}
