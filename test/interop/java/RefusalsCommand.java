// `refusals`: an authenticated user without the ACLs an operation needs, refused by every kind of
// request a real client sends, and a super user's look afterwards showing nothing was written, deleted
// or leaked. Both principals log in through a properties file (e.g. SASL_SSL + SCRAM).
//   --bootstrap --user <props file> --admin <props file> --user-principal User:alice --prefix <name prefix>
// Set-up as the admin: topics <p>-secret (no ACLs for the user) and <p>-read (DESCRIBE only), three
// records in each, a group <p>-admin-group with a committed offset, and the user's ACLs: DESCRIBE on
// group <p>-join, DESCRIBE+READ on group <p>-commit, DESCRIBE on transactional id <p>-txn,
// DESCRIBE+WRITE on transactional id <p>-txn-ok. Each refusal prints
// {"event":"check","name":..,"ok":true,"detail":<exception class or "none:...">}; the TypeScript test
// asserts the details (so the same assertions hold against Strand and Kafka).
package strand.interop;

import java.io.FileInputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

final class RefusalsCommand {
  private RefusalsCommand() {}

  interface Attempt {
    String run() throws Exception;
  }

  private static void check(String name, Attempt a) {
    String detail;
    try {
      detail = a.run();
    } catch (Exception e) {
      detail = causeOf(e);
    }
    Json.event("check").put("name", name).put("ok", true).put("detail", detail).print();
  }

  private static String causeOf(Throwable t) {
    Throwable c = t;
    while (c instanceof ExecutionException && c.getCause() != null) c = c.getCause();
    if (c.getClass().getSimpleName().equals("KafkaException") && c.getCause() != null) c = c.getCause();
    return c.getClass().getSimpleName();
  }

  private static Properties load(String file, String bootstrap) throws Exception {
    Properties p = new Properties();
    try (FileInputStream in = new FileInputStream(file)) {
      p.load(in);
    }
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    return p;
  }

  private static Admin admin(Properties base) {
    Properties p = new Properties();
    p.putAll(base);
    p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000");
    p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
    return Admin.create(p);
  }

  private static KafkaProducer<String, String> producer(Properties base, String transactionalId) {
    Properties p = new Properties();
    p.putAll(base);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "15000");
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "15000");
    p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
    p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
    if (transactionalId != null) p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
    return new KafkaProducer<>(p);
  }

  private static KafkaConsumer<String, String> consumer(Properties base, String group) {
    Properties p = new Properties();
    p.putAll(base);
    if (group != null) p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000");
    p.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
    return new KafkaConsumer<>(p);
  }

  /** Polls an assigned partition from its start for up to 15 s: "none:<values>" or the exception. */
  private static String fetchAssigned(Properties base, TopicPartition tp) {
    try (KafkaConsumer<String, String> c = consumer(base, null)) {
      c.assign(List.of(tp));
      c.seekToBeginning(List.of(tp));
      List<String> got = new ArrayList<>();
      long deadline = System.currentTimeMillis() + 15_000;
      while (got.size() < 3 && System.currentTimeMillis() < deadline) {
        for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(500))) got.add(r.value());
      }
      return "none:" + String.join(",", got);
    } catch (Exception e) {
      return causeOf(e);
    }
  }

  /** A subscribed consumer in `group` polling for up to 15 s (a JoinGroup): "none:<count>" or the exception. */
  private static String joinGroup(Properties base, String group, String topic) {
    try (KafkaConsumer<String, String> c = consumer(base, group)) {
      c.subscribe(List.of(topic));
      int count = 0;
      long deadline = System.currentTimeMillis() + 15_000;
      while (count == 0 && System.currentTimeMillis() < deadline) count += c.poll(Duration.ofMillis(500)).count();
      return "none:" + count;
    } catch (Exception e) {
      return causeOf(e);
    }
  }

  private static String commit(Properties base, String group, TopicPartition tp) {
    try (KafkaConsumer<String, String> c = consumer(base, group)) {
      c.assign(List.of(tp));
      c.commitSync(Map.of(tp, new OffsetAndMetadata(1)), Duration.ofSeconds(20));
      return "none";
    } catch (Exception e) {
      return causeOf(e);
    }
  }

  private static AclBinding allow(String principal, ResourceType type, String name, AclOperation op) {
    return new AclBinding(new ResourcePattern(type, name, PatternType.LITERAL), new AccessControlEntry(principal, "*", op, AclPermissionType.ALLOW));
  }

  static void run(Args args) throws Exception {
    String bootstrap = args.str("bootstrap");
    Properties user = load(args.str("user"), bootstrap);
    Properties super_ = load(args.str("admin"), bootstrap);
    String me = args.str("user-principal");
    String p = args.str("prefix");
    String secret = p + "-secret", readable = p + "-read", missing = p + "-missing";
    String joinGroup = p + "-join", commitGroup = p + "-commit", adminGroup = p + "-admin-group";
    TopicPartition secret0 = new TopicPartition(secret, 0), read0 = new TopicPartition(readable, 0);

    try (Admin su = admin(super_); Admin alice = admin(user)) {
      // Set-up as the super user.
      su.createTopics(List.of(new NewTopic(secret, 1, (short) 1), new NewTopic(readable, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
      try (KafkaProducer<String, String> pr = producer(super_, null)) {
        for (String t : List.of(secret, readable)) for (int i = 0; i < 3; i++) pr.send(new ProducerRecord<>(t, 0, "k", t + "-" + i)).get(30, TimeUnit.SECONDS);
      }
      su.alterConsumerGroupOffsets(adminGroup, Map.of(read0, new OffsetAndMetadata(2))).all().get(30, TimeUnit.SECONDS);
      su.createAcls(List.of(
          allow(me, ResourceType.TOPIC, readable, AclOperation.DESCRIBE),
          allow(me, ResourceType.GROUP, joinGroup, AclOperation.DESCRIBE),
          allow(me, ResourceType.GROUP, commitGroup, AclOperation.DESCRIBE),
          allow(me, ResourceType.GROUP, commitGroup, AclOperation.READ),
          allow(me, ResourceType.TRANSACTIONAL_ID, p + "-txn", AclOperation.DESCRIBE),
          allow(me, ResourceType.TRANSACTIONAL_ID, p + "-txn-ok", AclOperation.DESCRIBE),
          allow(me, ResourceType.TRANSACTIONAL_ID, p + "-txn-ok", AclOperation.WRITE))).all().get(30, TimeUnit.SECONDS);
      // ACLs reach a Kafka broker's authorizer asynchronously: wait (bounded) until the user sees <p>-read.
      Set<String> seen = Set.of();
      for (int i = 0; i < 120 && !seen.contains(readable); i++) {
        seen = alice.listTopics().names().get(20, TimeUnit.SECONDS);
        if (!seen.contains(readable)) Thread.sleep(500);
      }
      final Set<String> listed = seen;
      check("listTopics", () -> "none:" + String.join(",", new java.util.TreeSet<>(listed.stream().filter(n -> n.startsWith(p)).toList())));

      // Fetch: with DESCRIBE only (metadata and offsets answer) and with nothing.
      check("fetch read-only-describe", () -> fetchAssigned(user, read0));
      check("fetch secret", () -> fetchAssigned(user, secret0));
      // Group join: DESCRIBE on the group (FindCoordinator answers) but no READ (JoinGroup refused).
      check("join group", () -> joinGroup(user, joinGroup, readable));
      // Offset commit: READ on the group but not on the topic; and a group with DESCRIBE only.
      check("commit topic refused", () -> commit(user, commitGroup, read0));
      check("commit group refused", () -> commit(user, joinGroup, read0));
      // Describe: configs of topics and the broker, topics, groups.
      check("describeConfigs secret", () -> "none:" + alice.describeConfigs(List.of(new ConfigResource(ConfigResource.Type.TOPIC, secret))).all().get(20, TimeUnit.SECONDS).size());
      check("describeConfigs read", () -> "none:" + alice.describeConfigs(List.of(new ConfigResource(ConfigResource.Type.TOPIC, readable))).all().get(20, TimeUnit.SECONDS).size());
      check("describeConfigs missing", () -> "none:" + alice.describeConfigs(List.of(new ConfigResource(ConfigResource.Type.TOPIC, missing))).all().get(20, TimeUnit.SECONDS).size());
      String nodeId = su.describeCluster().nodes().get(20, TimeUnit.SECONDS).iterator().next().idString();
      check("describeConfigs broker", () -> "none:" + alice.describeConfigs(List.of(new ConfigResource(ConfigResource.Type.BROKER, nodeId))).all().get(20, TimeUnit.SECONDS).size());
      check("describeTopics secret", () -> "none:" + alice.describeTopics(List.of(secret)).allTopicNames().get(20, TimeUnit.SECONDS).size());
      check("describeConsumerGroups admin-group", () -> "none:" + alice.describeConsumerGroups(List.of(adminGroup)).all().get(20, TimeUnit.SECONDS).size());
      check("listConsumerGroupOffsets admin-group", () -> "none:" + alice.listConsumerGroupOffsets(adminGroup).partitionsToOffsetAndMetadata().get(20, TimeUnit.SECONDS));
      check("listGroups", () -> {
        List<String> names = new ArrayList<>();
        for (ConsumerGroupListing g : alice.listConsumerGroups().all().get(20, TimeUnit.SECONDS)) if (g.groupId().startsWith(p)) names.add(g.groupId());
        java.util.Collections.sort(names);
        return "none:" + String.join(",", names);
      });
      // Delete: topics (one hidden, one described, one that does not exist), records, groups.
      for (String t : List.of(secret, readable, missing)) {
        String label = t.substring(p.length() + 1);
        check("deleteTopics " + label, () -> {
          alice.deleteTopics(List.of(t)).all().get(20, TimeUnit.SECONDS);
          return "none";
        });
      }
      check("deleteRecords read", () -> "none:" + alice.deleteRecords(Map.of(read0, RecordsToDelete.beforeOffset(2))).all().get(20, TimeUnit.SECONDS));
      check("deleteRecords secret", () -> "none:" + alice.deleteRecords(Map.of(secret0, RecordsToDelete.beforeOffset(2))).all().get(20, TimeUnit.SECONDS));
      check("deleteConsumerGroups admin-group", () -> {
        alice.deleteConsumerGroups(List.of(adminGroup)).all().get(20, TimeUnit.SECONDS);
        return "none";
      });
      // Transactional ids: none at all (FindCoordinator refused), DESCRIBE only (InitProducerId refused),
      // and WRITE on the id but only DESCRIBE on the topic (the transactional send refused).
      for (String id : List.of(p + "-txn-none", p + "-txn")) {
        check("initTransactions " + id.substring(p.length() + 1), () -> {
          try (KafkaProducer<String, String> pr = producer(user, id)) {
            pr.initTransactions();
            return "none";
          }
        });
      }
      check("transactional send read", () -> {
        try (KafkaProducer<String, String> pr = producer(user, p + "-txn-ok")) {
          pr.initTransactions();
          pr.beginTransaction();
          try {
            pr.send(new ProducerRecord<>(readable, 0, "k", "unauthorized")).get(20, TimeUnit.SECONDS);
            pr.commitTransaction();
            return "none";
          } catch (Exception e) {
            String refused = causeOf(e);
            try {
              pr.abortTransaction();
            } catch (Exception ignored) {
              // The refusal may leave the producer in a fatal state; nothing was written either way.
            }
            return refused;
          }
        }
      });

      // The super user's view afterwards: nothing deleted, written or created; offsets unchanged.
      Map<TopicPartition, OffsetSpec> earliest = Map.of(secret0, OffsetSpec.earliest(), read0, OffsetSpec.earliest());
      Map<TopicPartition, OffsetSpec> latest = Map.of(secret0, OffsetSpec.latest(), read0, OffsetSpec.latest());
      Map<String, Long> offsets = new TreeMap<>();
      su.listOffsets(earliest).all().get(20, TimeUnit.SECONDS).forEach((tp, o) -> offsets.put(tp + ":earliest", o.offset()));
      su.listOffsets(latest).all().get(20, TimeUnit.SECONDS).forEach((tp, o) -> offsets.put(tp + ":latest", o.offset()));
      check("after: offsets", () -> "none:" + offsets);
      check("after: topics", () -> "none:" + String.join(",", new java.util.TreeSet<>(su.listTopics().names().get(20, TimeUnit.SECONDS).stream().filter(n -> n.startsWith(p)).toList())));
      check("after: records read", () -> fetchAssigned(super_, read0));
      check("after: admin-group offsets", () -> "none:" + su.listConsumerGroupOffsets(adminGroup).partitionsToOffsetAndMetadata().get(20, TimeUnit.SECONDS).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue().offset()).toList());
      check("after: commit-group offsets", () -> "none:" + su.listConsumerGroupOffsets(commitGroup).partitionsToOffsetAndMetadata().get(20, TimeUnit.SECONDS).size());
      check("after: join-group offsets", () -> "none:" + su.listConsumerGroupOffsets(joinGroup).partitionsToOffsetAndMetadata().get(20, TimeUnit.SECONDS).size());
    }
    Json.event("refusals").put("done", true).print();
  }
}
