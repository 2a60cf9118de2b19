// `streams-count`: a Kafka Streams app with processing.guarantee=exactly_once_v2 counting the values
// of --input (the spec topic: record i's value repeats with i mod 182, so ~180 distinct "words"):
// groupBy(value) repartitions through "<app-id>-by-word-repartition", count() keeps its state in the
// store "counts" backed by "<app-id>-counts-changelog", and every update goes to --output as
// (word, count). The record cache is off, so every input record yields exactly one output record and a
// read_committed reader must see each word's counts as 1, 2, ..., n (StreamsVerifyCommand).
//   --bootstrap --input --output --app-id --state-dir [--commit-interval-ms 100]
//   [--group-protocol classic|streams (group.protocol, KIP-1071)] [--guarantee exactly_once_v2|at_least_once]
// Events: {"event":"state","state"} on every KafkaStreams state change, {"event":"processed","n"}
// every 500 records through the counting step (attempts, not exactly-once: only a progress signal),
// {"event":"uncaught","error"} (the thread is replaced), {"event":"closed"} after stdin closes.
package strand.interop;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.KeyValueStore;

final class StreamsCountCommand {
  private StreamsCountCommand() {}

  static void run(Args a) throws Exception {
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, a.str("app-id"));
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, a.str("guarantee", StreamsConfig.EXACTLY_ONCE_V2));
    props.put(StreamsConfig.GROUP_PROTOCOL_CONFIG, a.str("group-protocol", "classic"));
    props.put(StreamsConfig.STATE_DIR_CONFIG, a.str("state-dir"));
    props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, a.str("commit-interval-ms", "100"));
    props.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, "0");
    props.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, "1");
    props.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, "1");
    props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
    props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
    // Come back quickly after the broker restarts; a single member needs no long rebalance wait.
    props.put(StreamsConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
    props.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), "10000");
    props.put(StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG), "1000");
    props.put(StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG), "10000");

    AtomicLong processed = new AtomicLong();
    StreamsBuilder builder = new StreamsBuilder();
    builder.stream(a.str("input"), Consumed.with(Serdes.String(), Serdes.String()))
        .groupBy((k, v) -> v, Grouped.with("by-word", Serdes.String(), Serdes.String()))
        .count(Materialized.<String, Long, KeyValueStore<Bytes, byte[]>>as("counts").withKeySerde(Serdes.String()).withValueSerde(Serdes.Long()))
        .toStream()
        .peek((k, v) -> {
          long n = processed.incrementAndGet();
          if (n % 500 == 0) Json.event("processed").put("n", n).print();
        })
        .to(a.str("output"), Produced.with(Serdes.String(), Serdes.Long()));

    KafkaStreams streams = new KafkaStreams(builder.build(), props);
    streams.setStateListener((now, before) -> Json.event("state").put("state", now.toString()).put("from", before.toString()).print());
    streams.setUncaughtExceptionHandler(e -> {
      Json.event("uncaught").put("error", TxnSupport.chain(e) + ": " + e.getMessage()).print();
      return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD;
    });
    streams.start();
    // Runs until the test closes stdin (or dies with it).
    while (System.in.read() >= 0) {}
    boolean closed = streams.close(Duration.ofSeconds(30));
    Json.event("closed").put("clean", closed).put("processed", processed.get()).print();
  }
}
