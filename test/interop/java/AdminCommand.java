// `admin`: AdminClient calls a broker must serve like Kafka: describeCluster, createTopics (configs,
// validateOnly, duplicate and invalid names), describeTopics, describeConfigs (topic and broker, with
// sources and synonyms), incrementalAlterConfigs (topic and dynamic broker configs), createPartitions,
// deleteTopics. Each check prints {"event":"check","name":..,"ok":..,"detail":..}.
//   --bootstrap --prefix <topic name prefix>
package strand.interop;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

final class AdminCommand {
  private AdminCommand() {}

  private static int failures;

  private static void check(String name, boolean ok, Object detail) {
    if (!ok) failures++;
    Json.event("check").put("name", name).put("ok", ok).put("detail", String.valueOf(detail)).print();
  }

  private static <T> T get(org.apache.kafka.common.KafkaFuture<T> f) throws Exception {
    return f.get(20, TimeUnit.SECONDS);
  }

  /** The exception class name a future fails with, or "none". */
  private static String failure(org.apache.kafka.common.KafkaFuture<?> f) throws Exception {
    try {
      f.get(20, TimeUnit.SECONDS);
      return "none";
    } catch (ExecutionException e) {
      return e.getCause().getClass().getSimpleName();
    }
  }

  private static Map<String, ConfigEntry> configs(Admin admin, ConfigResource r) throws Exception {
    Config c = get(admin.describeConfigs(List.of(r), new DescribeConfigsOptions().includeSynonyms(true)).all()).get(r);
    Map<String, ConfigEntry> m = new java.util.HashMap<>();
    for (ConfigEntry e : c.entries()) m.put(e.name(), e);
    return m;
  }

  /**
   * Describes `r` until `ok` holds, at most 40 times 250 ms: Kafka applies committed config changes to
   * what DescribeConfigs reads asynchronously, so a describe right after an alter may see the old value.
   */
  private static ConfigEntry awaitEntry(Admin admin, ConfigResource r, String name, java.util.function.Predicate<ConfigEntry> ok) throws Exception {
    ConfigEntry e = null;
    for (int i = 0; i < 40; i++) {
      e = configs(admin, r).get(name);
      if (e != null && ok.test(e)) return e;
      Thread.sleep(250);
    }
    return e;
  }

  static void run(Args a) throws Exception {
    String prefix = a.str("prefix");
    String topic = prefix + "-admin";
    Properties props = new Properties();
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    props.put(AdminClientConfig.CLIENT_ID_CONFIG, "strand-interop-java-admin");
    props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "15000");
    props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000");
    long started = System.nanoTime();
    try (Admin admin = Admin.create(props)) {
      DescribeClusterResult cluster = admin.describeCluster();
      String clusterId = get(cluster.clusterId());
      Collection<Node> nodes = get(cluster.nodes());
      Node controller = get(cluster.controller());
      check("describeCluster", clusterId != null && !clusterId.isEmpty() && nodes.size() == 1 && controller != null,
          "clusterId=" + clusterId + " nodes=" + nodes + " controller=" + controller);
      int nodeId = nodes.iterator().next().id();

      NewTopic nt = new NewTopic(topic, 3, (short) 1)
          .configs(Map.of("retention.ms", "3600000", "cleanup.policy", "delete", "max.message.bytes", "2000000"));
      String created = failure(admin.createTopics(List.of(nt)).all());
      check("createTopics", created.equals("none"), created);

      String validateOnlyName = prefix + "-validate-only";
      String vo = failure(admin.createTopics(List.of(new NewTopic(validateOnlyName, 2, (short) 1)),
          new CreateTopicsOptions().validateOnly(true)).all());
      Set<String> names = get(admin.listTopics().names());
      check("createTopics validateOnly creates nothing", vo.equals("none") && names.contains(topic) && !names.contains(validateOnlyName),
          vo + " " + names);

      String dup = failure(admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all());
      check("createTopics duplicate -> TopicExistsException", dup.equals(TopicExistsException.class.getSimpleName()), dup);
      String bad = failure(admin.createTopics(List.of(new NewTopic("bad/name", 1, (short) 1))).all());
      check("createTopics bad name -> InvalidTopicException", bad.equals(InvalidTopicException.class.getSimpleName()), bad);

      TopicDescription d = get(admin.describeTopics(List.of(topic)).allTopicNames()).get(topic);
      boolean leadersOk = d.partitions().size() == 3 && d.partitions().stream().allMatch(p ->
          p.leader() != null && p.leader().id() == nodeId && p.isr().size() == 1 && p.replicas().size() == 1);
      check("describeTopics", leadersOk && d.topicId() != null && !d.topicId().equals(Uuid.ZERO_UUID) && !d.isInternal(), d);
      String missing = failure(admin.describeTopics(List.of(prefix + "-missing")).allTopicNames());
      check("describeTopics unknown -> UnknownTopicOrPartitionException",
          missing.equals(UnknownTopicOrPartitionException.class.getSimpleName()), missing);

      ConfigResource tr = new ConfigResource(ConfigResource.Type.TOPIC, topic);
      Map<String, ConfigEntry> tc = configs(admin, tr);
      ConfigEntry ret = tc.get("retention.ms");
      check("describeConfigs topic: retention.ms is a dynamic topic config",
          ret != null && ret.value().equals("3600000") && ret.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG
              && !ret.synonyms().isEmpty() && ret.synonyms().get(0).source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG,
          ret);
      ConfigEntry seg = tc.get("segment.bytes");
      check("describeConfigs topic: segment.bytes from the defaults",
          seg != null && seg.value().equals("1073741824") && seg.source() == ConfigEntry.ConfigSource.DEFAULT_CONFIG && !seg.isReadOnly(), seg);

      get(admin.incrementalAlterConfigs(Map.of(tr, List.of(
          new AlterConfigOp(new ConfigEntry("retention.ms", "7200000"), AlterConfigOp.OpType.SET),
          new AlterConfigOp(new ConfigEntry("max.message.bytes", ""), AlterConfigOp.OpType.DELETE)))).all());
      ret = awaitEntry(admin, tr, "retention.ms", e -> e.value().equals("7200000"));
      ConfigEntry mmb = awaitEntry(admin, tr, "max.message.bytes", e -> !e.value().equals("2000000"));
      check("incrementalAlterConfigs topic SET and DELETE",
          ret.value().equals("7200000") && ret.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG
              && mmb.value().equals("1048588") && mmb.source() != ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG,
          ret + " " + mmb);

      ConfigResource br = new ConfigResource(ConfigResource.Type.BROKER, Integer.toString(nodeId));
      Map<String, ConfigEntry> bc = configs(admin, br);
      ConfigEntry nodeIdEntry = bc.get("node.id");
      ConfigEntry numParts = bc.get("num.partitions");
      check("describeConfigs broker", nodeIdEntry != null && nodeIdEntry.value().equals(Integer.toString(nodeId))
          && nodeIdEntry.isReadOnly() && numParts != null && numParts.value() != null, nodeIdEntry + " " + numParts);

      get(admin.incrementalAlterConfigs(Map.of(br, List.of(
          new AlterConfigOp(new ConfigEntry("message.max.bytes", "2000000"), AlterConfigOp.OpType.SET)))).all());
      ConfigEntry mm = awaitEntry(admin, br, "message.max.bytes", e -> e.value().equals("2000000"));
      check("incrementalAlterConfigs dynamic broker config",
          mm.value().equals("2000000") && mm.source() == ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG, mm);
      get(admin.incrementalAlterConfigs(Map.of(br, List.of(
          new AlterConfigOp(new ConfigEntry("message.max.bytes", ""), AlterConfigOp.OpType.DELETE)))).all());
      mm = awaitEntry(admin, br, "message.max.bytes", e -> !e.value().equals("2000000"));
      check("incrementalAlterConfigs broker DELETE restores the static value",
          !mm.value().equals("2000000") && mm.source() != ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG, mm);

      get(admin.createPartitions(Map.of(topic, NewPartitions.increaseTo(5))).all());
      d = get(admin.describeTopics(List.of(topic)).allTopicNames()).get(topic);
      check("createPartitions 3 -> 5", d.partitions().size() == 5, d.partitions().size());

      get(admin.deleteTopics(List.of(topic)).all());
      boolean gone = false;
      // Deletion is asynchronous in Kafka: poll at most 40 times (10 s).
      for (int i = 0; i < 40 && !gone; i++) {
        gone = !get(admin.listTopics().names()).contains(topic);
        if (!gone) Thread.sleep(250);
      }
      String after = failure(admin.describeTopics(List.of(topic)).allTopicNames());
      check("deleteTopics", gone && after.equals(UnknownTopicOrPartitionException.class.getSimpleName()), after);
    }
    Json.event("admin").put("failures", failures).put("ms", (System.nanoTime() - started) / 1_000_000).print();
  }
}
