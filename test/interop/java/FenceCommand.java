// `fence`: zombie fencing. Producer A (transactional.id --txn-id) begins a transaction and writes
// --zombie-records "x..." records (flushed: they are in the log); producer B with the same
// transactional.id calls initTransactions, which bumps the epoch, fences A and aborts A's open
// transaction. A then sends one more record and tries to commit: both must fail, and A must stay
// unusable. B writes spec records 0..count-1 in one committed transaction.
//   --bootstrap --topic --partitions --count --t0 --txn-id [--zombie-records 30]
// Events: {"event":"fenced","zombieSendError","zombieCommitError","zombieAbortError","epochA","epochB",
//          "sameProducerId","committed","errorCount","errors"}
//   *Error fields hold the exception's class chain ("ProducerFencedException", ...) or null if none.
package strand.interop;

import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

final class FenceCommand {
  private FenceCommand() {}

  static void run(Args a) throws Exception {
    String topic = a.str("topic");
    int partitions = (int) a.num("partitions");
    long count = a.num("count");
    long t0 = a.num("t0");
    String txnId = a.str("txn-id");
    long zombieRecords = a.num("zombie-records", 30);
    Json.Errors errors = new Json.Errors(20);
    String sendError = null;
    String commitError = null;
    String abortError = null;
    try (Admin admin = TxnSupport.admin(a);
        KafkaProducer<byte[], byte[]> zombie = TxnSupport.producer(a, txnId, "strand-interop-java-zombie");
        KafkaProducer<byte[], byte[]> live = TxnSupport.producer(a, txnId, "strand-interop-java-live")) {
      zombie.initTransactions();
      zombie.beginTransaction();
      for (long j = 0; j < zombieRecords; j++) {
        zombie.send(new ProducerRecord<>(topic, (int) (j % partitions), TxnSupport.abortedKey("z", j), Spec.value(j)),
            TxnProduceCommand.callback(errors, j));
      }
      zombie.flush();
      TransactionDescription before = TxnSupport.describe(admin, txnId);

      live.initTransactions(); // fences the zombie and aborts its open transaction
      TransactionDescription after = TxnSupport.describe(admin, txnId);

      // The zombie does not know yet: its next send and its commit reach the broker with the old epoch.
      try {
        Future<RecordMetadata> f = zombie.send(new ProducerRecord<>(topic, 0, TxnSupport.abortedKey("z", zombieRecords), Spec.value(0)));
        f.get(30, TimeUnit.SECONDS);
      } catch (Exception e) {
        sendError = TxnSupport.chain(e);
      }
      try {
        zombie.commitTransaction();
      } catch (Exception e) {
        commitError = TxnSupport.chain(e);
      }
      try {
        zombie.abortTransaction();
      } catch (Exception e) {
        abortError = TxnSupport.chain(e);
      }

      live.beginTransaction();
      for (long i = 0; i < count; i++) live.send(TxnProduceCommand.specRecord(topic, partitions, t0, i), TxnProduceCommand.callback(errors, i));
      live.commitTransaction();
      Json.event("fenced")
          .put("zombieSendError", sendError)
          .put("zombieCommitError", commitError)
          .put("zombieAbortError", abortError)
          .put("epochA", before.producerEpoch())
          .put("epochB", after.producerEpoch())
          .put("stateAfterFence", after.state().toString())
          .put("sameProducerId", before.producerId() == after.producerId())
          .put("committed", count)
          .put("errorCount", errors.count)
          .put("errors", errors.first)
          .print();
    }
  }
}
