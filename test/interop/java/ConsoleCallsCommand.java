// `console-calls`: prepares a small cluster state and replays, through one AdminClient, the calls that
// kafka-ui, AKHQ and Redpanda Console make on their overview pages (the list and its sources are in
// test/interop/console-calls.test.ts). It prints the raw answers as one
// {"event":"answers","calls":{name: answer}} line; a call that fails is {"error": "<ExceptionClass>"}.
// Normalising what legitimately differs between brokers (ids, ports, sizes) is the TypeScript test's
// job, so the answers here are as the client sees them, sorted only where the client's order is a
// hash map's.
//   --bootstrap --t0 <record timestamp base, ms> [--hold true: keep the state (group members, open
//   transaction) until a line or EOF on stdin, at most 120 s, after printing the answers]
package strand.interop;

import static strand.interop.ConsoleAnswers.configs;
import static strand.interop.ConsoleAnswers.group;
import static strand.interop.ConsoleAnswers.listOffsets;
import static strand.interop.ConsoleAnswers.logDirs;
import static strand.interop.ConsoleAnswers.node;
import static strand.interop.ConsoleAnswers.sorted;
import static strand.interop.ConsoleAnswers.topic;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.DescribeConsumerGroupsOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.admin.TopicListing;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.quota.ClientQuotaFilter;

final class ConsoleCallsCommand {
  private ConsoleCallsCommand() {}

  private static final String ORDERS = ConsoleState.ORDERS;
  private static final String COMPACTED = ConsoleState.COMPACTED;
  private static final String TXN = ConsoleState.TXN;
  private static final String GROUP = ConsoleState.GROUP;
  private static final String GROUP_848 = ConsoleState.GROUP_848;
  private static final String EMPTY_GROUP = ConsoleState.EMPTY_GROUP;

  private static final Map<String, Object> calls = new LinkedHashMap<>();

  /** Runs one call; its answer, or {"error": class} when it fails (what a console would catch). */
  private static void call(String name, Callable<Object> c) {
    try {
      calls.put(name, c.call());
    } catch (ExecutionException e) {
      calls.put(name, Map.of("error", e.getCause().getClass().getSimpleName()));
    } catch (Exception e) {
      calls.put(name, Map.of("error", e.getClass().getSimpleName(), "message", String.valueOf(e.getMessage())));
    }
  }

  private static <T> T get(KafkaFuture<T> f) throws Exception {
    return f.get(30, TimeUnit.SECONDS);
  }

  static void run(Args a) throws Exception {
    String bootstrap = a.str("bootstrap");
    long t0 = a.num("t0");
    java.util.Properties props = new java.util.Properties();
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    props.put(AdminClientConfig.CLIENT_ID_CONFIG, "strand-interop-console");
    props.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
    Map<String, Long> phaseMs = new LinkedHashMap<>();
    long t = System.nanoTime();
    try (Admin admin = Admin.create(props); ConsoleState state = ConsoleState.prepare(admin, bootstrap, t0, phaseMs)) {
      t = System.nanoTime();
      replay(admin, t0);
      phaseMs.put("replay", (System.nanoTime() - t) / 1_000_000);
      Json.event("answers").put("calls", calls).put("phaseMs", phaseMs).print();
      // Other clients (the kadm driver) read the same live state until the test says done on stdin.
      if (a.str("hold", "false").equals("true")) awaitStdin(120_000);
    }
  }

  /** Returns at a line or EOF on stdin, or after timeoutMs: a test that dies never leaves this JVM behind. */
  private static void awaitStdin(long timeoutMs) throws InterruptedException {
    java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
    Thread reader = new Thread(() -> {
      try {
        System.in.read();
      } catch (java.io.IOException e) {
        // EOF or a closed pipe: done either way.
      }
      done.countDown();
    });
    reader.setDaemon(true);
    reader.start();
    Json.event("holding").print();
    done.await(timeoutMs, TimeUnit.MILLISECONDS);
  }

  private static void replay(Admin admin, long t0) throws Exception {
    call("describeCluster", () -> {
      DescribeClusterResult r = admin.describeCluster(new DescribeClusterOptions().includeAuthorizedOperations(true));
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("clusterId", get(r.clusterId()));
      m.put("controller", node(get(r.controller())));
      m.put("nodes", get(r.nodes()).stream().map(ConsoleAnswers::node).toList());
      m.put("authorizedOperations", sorted(get(r.authorizedOperations())));
      return m;
    });
    String brokerId = String.valueOf(get(admin.describeCluster().controller()).id());
    ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER, brokerId);
    call("describeConfigs.broker.synonyms", () -> configs(admin, broker, true));
    call("describeConfigs.broker", () -> configs(admin, broker, false));
    call("describeConfigs.topic." + ORDERS, () -> configs(admin, new ConfigResource(ConfigResource.Type.TOPIC, ORDERS), true));
    call("describeConfigs.topic." + COMPACTED, () -> configs(admin, new ConfigResource(ConfigResource.Type.TOPIC, COMPACTED), true));
    // kafka-ui asks for documentation on the topic settings page (Kafka 2.6+).
    call("describeConfigs.topic.documentation", () -> {
      ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, ORDERS);
      Map<String, Object> m = new TreeMap<>();
      for (ConfigEntry e : get(admin.describeConfigs(List.of(r), new DescribeConfigsOptions().includeDocumentation(true)).all()).get(r).entries()) {
        m.put(e.name(), e.documentation());
      }
      return m;
    });
    call("describeConfigs.topic." + TXN, () -> configs(admin, new ConfigResource(ConfigResource.Type.TOPIC, TXN), true));
    call("describeConfigs.topic.missing", () -> configs(admin, new ConfigResource(ConfigResource.Type.TOPIC, "console-missing"), true));
    call("describeLogDirs", () -> logDirs(admin, List.of(Integer.parseInt(brokerId))));
    call("listTopics", () -> new TreeMap<>(get(admin.listTopics().namesToListings())).keySet().stream().toList());
    call("listTopics.internal", () -> {
      Map<String, Object> m = new TreeMap<>();
      for (TopicListing l : get(admin.listTopics(new ListTopicsOptions().listInternal(true)).listings())) {
        m.put(l.name(), Map.of("internal", l.isInternal(), "topicId", l.topicId().toString()));
      }
      return m;
    });
    call("describeTopics", () -> {
      Set<String> names = get(admin.listTopics(new ListTopicsOptions().listInternal(true)).names());
      Map<String, Object> m = new TreeMap<>();
      for (TopicDescription d : get(admin.describeTopics(names, new DescribeTopicsOptions().includeAuthorizedOperations(true)).allTopicNames()).values()) {
        m.put(d.name(), topic(d));
      }
      return m;
    });
    call("describeTopics.missing", () -> get(admin.describeTopics(List.of("console-missing")).allTopicNames()).keySet());
    call("listConsumerGroups", () -> {
      Map<String, Object> m = new TreeMap<>();
      @SuppressWarnings("deprecation")
      Collection<ConsumerGroupListing> all = get(admin.listConsumerGroups().all());
      for (ConsumerGroupListing l : all) {
        m.put(l.groupId(), Map.of("simple", l.isSimpleConsumerGroup(), "state", String.valueOf(l.groupState().orElse(null)),
            "type", String.valueOf(l.type().orElse(null))));
      }
      return m;
    });
    call("listGroups", () -> {
      Map<String, Object> m = new TreeMap<>();
      for (GroupListing l : get(admin.listGroups().all())) {
        m.put(l.groupId(), Map.of("protocol", l.protocol(), "state", String.valueOf(l.groupState().orElse(null)),
            "type", String.valueOf(l.type().orElse(null))));
      }
      return m;
    });
    call("describeConsumerGroups", () -> {
      Map<String, Object> m = new TreeMap<>();
      for (ConsumerGroupDescription d : get(admin.describeConsumerGroups(List.of(GROUP, GROUP_848, EMPTY_GROUP),
          new DescribeConsumerGroupsOptions().includeAuthorizedOperations(true)).all()).values()) {
        m.put(d.groupId(), group(d));
      }
      return m;
    });
    // Kafka 4.x answers a group it does not know with GROUP_ID_NOT_FOUND (older brokers said Dead).
    call("describeConsumerGroups.missing", () -> get(admin.describeConsumerGroups(List.of("console-no-such-group")).all()).keySet());
    List<TopicPartition> partitions = new ArrayList<>();
    for (int p = 0; p < ConsoleState.ORDERS_PARTITIONS; p++) partitions.add(new TopicPartition(ORDERS, p));
    partitions.add(new TopicPartition(COMPACTED, 0));
    partitions.add(new TopicPartition(TXN, 0));
    Map<String, OffsetSpec> specs = new LinkedHashMap<>();
    specs.put("earliest", OffsetSpec.earliest());
    specs.put("latest", OffsetSpec.latest());
    specs.put("maxTimestamp", OffsetSpec.maxTimestamp());
    specs.put("forTimestamp.t0+7500", OffsetSpec.forTimestamp(t0 + 7500));
    specs.put("forTimestamp.future", OffsetSpec.forTimestamp(t0 + 10_000_000));
    for (Map.Entry<String, OffsetSpec> s : specs.entrySet()) {
      call("listOffsets." + s.getKey(), () -> listOffsets(admin, partitions, s.getValue(), IsolationLevel.READ_UNCOMMITTED));
    }
    call("listOffsets.latest.readCommitted", () -> listOffsets(admin, partitions, OffsetSpec.latest(), IsolationLevel.READ_COMMITTED));
    for (String g : List.of(GROUP, GROUP_848, EMPTY_GROUP, "console-no-such-group")) {
      call("listConsumerGroupOffsets." + g, () -> {
        Map<String, Object> m = new TreeMap<>();
        Map<TopicPartition, OffsetAndMetadata> offsets = get(admin.listConsumerGroupOffsets(g).partitionsToOffsetAndMetadata());
        Map<TopicPartition, ListOffsetsResultInfo> ends = offsets.isEmpty() ? Map.of()
            : get(admin.listOffsets(offsets.keySet().stream().collect(java.util.stream.Collectors.toMap(tp -> tp, tp -> OffsetSpec.latest()))).all());
        for (Map.Entry<TopicPartition, OffsetAndMetadata> e : offsets.entrySet()) {
          OffsetAndMetadata o = e.getValue();
          Map<String, Object> v = new LinkedHashMap<>();
          v.put("offset", o == null ? null : o.offset());
          v.put("metadata", o == null ? null : o.metadata());
          v.put("leaderEpoch", o == null ? null : String.valueOf(o.leaderEpoch().orElse(null)));
          // The lag a console shows: the partition's end offset minus the committed offset.
          v.put("lag", o == null ? null : ends.get(e.getKey()).offset() - o.offset());
          m.put(e.getKey().toString(), v);
        }
        return m;
      });
    }
    // kafka-ui's lag for chosen partitions: one never committed comes back null.
    call("listConsumerGroupOffsets.partitions", () -> {
      Map<String, Object> m = new TreeMap<>();
      ListConsumerGroupOffsetsSpec spec = new ListConsumerGroupOffsetsSpec().topicPartitions(
          List.of(new TopicPartition(ORDERS, 0), new TopicPartition(COMPACTED, 0)));
      get(admin.listConsumerGroupOffsets(Map.of(GROUP, spec)).partitionsToOffsetAndMetadata(GROUP))
          .forEach((tp, o) -> m.put(tp.toString(), o == null ? "null" : String.valueOf(o.offset())));
      return m;
    });
    call("describeProducers", () -> {
      Map<String, Object> m = new TreeMap<>();
      for (Map.Entry<TopicPartition, org.apache.kafka.clients.admin.DescribeProducersResult.PartitionProducerState> e
          : get(admin.describeProducers(partitions).all()).entrySet()) {
        List<Object> states = new ArrayList<>();
        for (ProducerState s : e.getValue().activeProducers()) {
          Map<String, Object> v = new LinkedHashMap<>();
          v.put("producerId", s.producerId());
          v.put("producerEpoch", s.producerEpoch());
          v.put("lastSequence", s.lastSequence());
          v.put("lastTimestamp", s.lastTimestamp());
          v.put("coordinatorEpoch", String.valueOf(s.coordinatorEpoch()));
          v.put("currentTransactionStartOffset", String.valueOf(s.currentTransactionStartOffset()));
          states.add(v);
        }
        m.put(e.getKey().toString(), states);
      }
      return m;
    });
    call("describeFeatures", () -> {
      FeatureMetadata f = get(admin.describeFeatures().featureMetadata());
      Map<String, Object> m = new LinkedHashMap<>();
      Map<String, Object> fin = new TreeMap<>();
      f.finalizedFeatures().forEach((k, v) -> fin.put(k, List.of(v.minVersionLevel(), v.maxVersionLevel())));
      Map<String, Object> sup = new TreeMap<>();
      f.supportedFeatures().forEach((k, v) -> sup.put(k, List.of(v.minVersion(), v.maxVersion())));
      m.put("finalized", fin);
      m.put("finalizedEpoch", f.finalizedFeaturesEpoch().map(String::valueOf).orElse("none"));
      m.put("supported", sup);
      return m;
    });
    // kafka-ui's and Console's security pages: SCRAM users (none here), and one that does not exist.
    call("describeUserScramCredentials", () -> get(admin.describeUserScramCredentials().all()).keySet());
    call("describeUserScramCredentials.missing", () -> get(admin.describeUserScramCredentials(List.of("console-nobody")).all()).keySet());
    call("listTransactions", () -> {
      Map<String, Object> m = new TreeMap<>();
      for (TransactionListing l : get(admin.listTransactions().all())) m.put(l.transactionalId(), String.valueOf(l.state()));
      return m;
    });
    call("describeTransactions", () -> {
      Map<String, Object> m = new TreeMap<>();
      for (Map.Entry<String, TransactionDescription> e : get(admin.describeTransactions(List.of(ConsoleState.TXN_ID)).all()).entrySet()) {
        TransactionDescription d = e.getValue();
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("coordinatorId", d.coordinatorId());
        v.put("state", String.valueOf(d.state()));
        v.put("producerEpoch", d.producerEpoch());
        v.put("transactionTimeoutMs", d.transactionTimeoutMs());
        v.put("started", d.transactionStartTimeMs().isPresent());
        v.put("topicPartitions", sorted(d.topicPartitions()));
        m.put(e.getKey(), v);
      }
      return m;
    });
    call("describeClientQuotas", () -> get(admin.describeClientQuotas(ClientQuotaFilter.all()).entities()).toString());
    call("describeAcls", () -> get(admin.describeAcls(AclBindingFilter.ANY).values()).size());
  }
}
