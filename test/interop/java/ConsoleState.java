// The cluster state the `console-calls` command prepares before replaying the consoles' calls, the same
// on every broker: topics with config overrides, records with chosen timestamps, transactions (one
// committed, one aborted, one left open while the calls run), a live classic-protocol group member, a
// live KIP-848 (group.protocol=consumer) member, and an Empty group whose offsets an admin set.
// close() ends the members and the open transaction's producer.
package strand.interop;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

final class ConsoleState implements AutoCloseable {
  static final String ORDERS = "console-orders";
  static final String COMPACTED = "console-compacted";
  static final String TXN = "console-txn";
  static final String TXN_ID = "console-txn-id";
  static final String GROUP = "console-group";
  static final String GROUP_848 = "console-group-848";
  static final String EMPTY_GROUP = "console-empty";
  static final int ORDERS_PARTITIONS = 3;

  /** Records in partition p of ORDERS: 20, 30, 40. */
  static int ordersCount(int p) {
    return 20 + 10 * p;
  }

  /** Committed offset of GROUP on partition p: half the partition, so the lag is the other half. */
  static int committed(int p) {
    return ordersCount(p) / 2;
  }

  private final KafkaProducer<String, String> openTxn;
  private final KafkaConsumer<byte[], byte[]> classicMember;
  private final KafkaConsumer<byte[], byte[]> consumerMember;

  private ConsoleState(KafkaProducer<String, String> openTxn, KafkaConsumer<byte[], byte[]> classicMember,
      KafkaConsumer<byte[], byte[]> consumerMember) {
    this.openTxn = openTxn;
    this.classicMember = classicMember;
    this.consumerMember = consumerMember;
  }

  @Override
  public void close() {
    classicMember.close(Duration.ofSeconds(10));
    consumerMember.close(Duration.ofSeconds(10));
    openTxn.close(Duration.ofSeconds(10));
  }

  static ConsoleState prepare(Admin admin, String bootstrap, long t0, Map<String, Long> phaseMs) throws Exception {
    long t = System.nanoTime();
    admin.createTopics(List.of(
        new NewTopic(ORDERS, ORDERS_PARTITIONS, (short) 1).configs(Map.of(
            "retention.ms", "3600000", "max.message.bytes", "200000", "message.timestamp.type", "CreateTime")),
        new NewTopic(COMPACTED, 1, (short) 1).configs(Map.of(
            "cleanup.policy", "compact", "min.cleanable.dirty.ratio", "0.2", "segment.bytes", "1048576")),
        new NewTopic(TXN, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
    phaseMs.put("createTopics", lap(t));
    t = System.nanoTime();
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps(bootstrap, "strand-interop-console-producer", null))) {
      // One record per send and per batch, awaited: the same batches on both brokers, so sizes match.
      for (int p = 0; p < ORDERS_PARTITIONS; p++) {
        for (int i = 0; i < ordersCount(p); i++) {
          // Record 5 carries the partition's largest timestamp, so max-timestamp is not simply the last one.
          long ts = i == 5 ? t0 + 1_000_000 : t0 + i * 1000L;
          producer.send(new ProducerRecord<>(ORDERS, p, ts, "k" + i, "order-" + p + "-" + i)).get(30, TimeUnit.SECONDS);
        }
      }
      for (int i = 0; i < 6; i++) {
        producer.send(new ProducerRecord<>(COMPACTED, 0, t0 + i * 1000L, "key-" + (i % 3), "v" + i)).get(30, TimeUnit.SECONDS);
      }
    }
    phaseMs.put("produce", lap(t));
    t = System.nanoTime();
    KafkaProducer<String, String> txn = new KafkaProducer<>(producerProps(bootstrap, "strand-interop-console-txn", TXN_ID));
    try {
      txn.initTransactions();
      // Committed (offsets 0-1, marker 2), aborted (3, marker 4), then open from offset 5 while the calls run.
      txnRecords(txn, t0, 0, 2);
      txn.commitTransaction();
      txnRecords(txn, t0, 2, 1);
      // Sent (awaited) before the abort: abortTransaction drops batches not yet sent (and with
      // transactions V2 nothing, not even a marker, is then written), which would make the layout a race.
      txn.abortTransaction();
      txnRecords(txn, t0, 3, 2);
    } catch (Exception e) {
      txn.close(Duration.ZERO);
      throw e;
    }
    phaseMs.put("transactions", lap(t));
    t = System.nanoTime();
    admin.alterConsumerGroupOffsets(EMPTY_GROUP, Map.of(
        new TopicPartition(COMPACTED, 0), new OffsetAndMetadata(2, "console-meta"),
        new TopicPartition(ORDERS, 1), new OffsetAndMetadata(3))).all().get(30, TimeUnit.SECONDS);
    Map<TopicPartition, OffsetAndMetadata> half = new HashMap<>();
    for (int p = 0; p < ORDERS_PARTITIONS; p++) half.put(new TopicPartition(ORDERS, p), new OffsetAndMetadata(committed(p)));
    phaseMs.put("alterOffsets", lap(t));
    t = System.nanoTime();
    KafkaConsumer<byte[], byte[]> classic = join(bootstrap, GROUP, "classic", ORDERS, ORDERS_PARTITIONS, half);
    phaseMs.put("joinClassic", lap(t));
    t = System.nanoTime();
    KafkaConsumer<byte[], byte[]> consumer = join(bootstrap, GROUP_848, "consumer", COMPACTED, 1,
        Map.of(new TopicPartition(COMPACTED, 0), new OffsetAndMetadata(4, "848")));
    phaseMs.put("joinConsumer", lap(t));
    return new ConsoleState(txn, classic, consumer);
  }

  private static long lap(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  /** Each record awaited, so each is its own batch: the same bytes on both brokers. */
  private static void txnRecords(KafkaProducer<String, String> txn, long t0, int from, int n) throws Exception {
    txn.beginTransaction();
    for (int i = from; i < from + n; i++) txn.send(new ProducerRecord<>(TXN, 0, t0 + i * 1000L, "t" + i, "txn-" + i)).get(30, TimeUnit.SECONDS);
  }

  private static Properties producerProps(String bootstrap, String clientId, String transactionalId) {
    Properties pp = new Properties();
    pp.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    pp.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
    pp.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    pp.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    pp.put(ProducerConfig.LINGER_MS_CONFIG, "0");
    pp.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "30000");
    if (transactionalId != null) {
      pp.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
      // The open transaction must outlive every call on a slow machine: a coordinator aborting it on
      // timeout (60 s by default) on one broker and not yet on the other would change the answers.
      pp.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, "600000");
    }
    return pp;
  }

  /**
   * A member of `group` (group.protocol classic or consumer) subscribed to `topic`, polled until it owns
   * all `partitions`, with `offsets` committed. Its heartbeats (a background thread) keep it in the group
   * while the calls run.
   */
  private static KafkaConsumer<byte[], byte[]> join(String bootstrap, String group, String protocol, String topic,
      int partitions, Map<TopicPartition, OffsetAndMetadata> offsets) {
    Properties cp = new Properties();
    cp.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    cp.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    cp.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, protocol);
    cp.put(ConsumerConfig.CLIENT_ID_CONFIG, "strand-interop-console-" + protocol);
    cp.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    cp.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    cp.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "1");
    cp.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    cp.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(cp);
    try {
      c.subscribe(List.of(topic));
      long deadline = System.currentTimeMillis() + 60_000;
      while (c.assignment().size() < partitions) {
        if (System.currentTimeMillis() > deadline) throw new IllegalStateException(group + ": no assignment in 60 s: " + c.assignment());
        c.poll(Duration.ofMillis(200));
      }
      c.commitSync(offsets);
      return c;
    } catch (RuntimeException e) {
      c.close(Duration.ZERO);
      throw e;
    }
  }
}
