// Shared pieces of the transactional driver commands: producer and consumer properties with bounded
// blocking (a broker that never answers fails the command within max.block.ms, it does not hang it),
// the records of aborted transactions, and the producer epoch the coordinator reports.
package strand.interop;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;

final class TxnSupport {
  private TxnSupport() {}

  /** Keys of records written only inside aborted (or fenced) transactions: never a spec key "k<i>". */
  static final String ABORTED_PREFIX = "x";

  static byte[] abortedKey(String tag, long n) {
    return (ABORTED_PREFIX + tag + "-" + n).getBytes(StandardCharsets.US_ASCII);
  }

  static boolean isAbortedKey(byte[] key) {
    return key != null && key.length > 0 && key[0] == ABORTED_PREFIX.charAt(0);
  }

  static Properties producerProps(Args a, String transactionalId, String clientId) {
    Properties props = new Properties();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    props.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
    props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
    props.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, Long.toString(a.num("transaction-timeout-ms", 30_000)));
    // initTransactions/commitTransaction block at most this long, then throw TimeoutException.
    props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.toString(a.num("max-block-ms", 30_000)));
    props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "30000");
    props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
    props.put(ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
    props.put(ProducerConfig.LINGER_MS_CONFIG, "5");
    return props;
  }

  static KafkaProducer<byte[], byte[]> producer(Args a, String transactionalId, String clientId) {
    return new KafkaProducer<>(producerProps(a, transactionalId, clientId), new ByteArraySerializer(), new ByteArraySerializer());
  }

  static Properties consumerProps(Args a, String clientId, String isolation) {
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    props.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
    props.put(ConsumerConfig.CHECK_CRCS_CONFIG, "true");
    props.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000");
    props.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
    props.put(ConsumerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
    return props;
  }

  static Admin admin(Args a) {
    Properties props = new Properties();
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    props.put(AdminClientConfig.CLIENT_ID_CONFIG, "strand-interop-java-txn-admin");
    props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000");
    props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
    return Admin.create(props);
  }

  /** The coordinator's view of a transactional id (DescribeTransactions). */
  static TransactionDescription describe(Admin admin, String transactionalId) throws Exception {
    return admin.describeTransactions(List.of(transactionalId)).description(transactionalId).get(30, TimeUnit.SECONDS);
  }

  /** The class name of a throwable and of its causes, outermost first: "A <- B". */
  static String chain(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (int depth = 0; t != null && depth < 5; t = t.getCause(), depth++) {
      if (sb.length() > 0) sb.append(" <- ");
      sb.append(t.getClass().getSimpleName());
    }
    return sb.toString();
  }
}
