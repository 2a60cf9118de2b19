// `acls`: a producer and a consumer refused while the client's principal (User:ANONYMOUS on PLAINTEXT)
// has no ACLs of its own, then the AdminClient's createAcls / describeAcls / deleteAcls, and the same
// producer and consumer let in by the new ACLs. The broker must already hold ACLs that keep
// User:ANONYMOUS out of topics and groups (the TypeScript test sets them). Each check prints
// {"event":"check","name":..,"ok":..,"detail":..}; the exception classes are printed for the test.
//   --bootstrap --topic --group
package strand.interop;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AccessControlEntryFilter;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourcePatternFilter;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

final class AclsCommand {
  private AclsCommand() {}

  private static int failures;

  private static void check(String name, boolean ok, Object detail) {
    if (!ok) failures++;
    Json.event("check").put("name", name).put("ok", ok).put("detail", String.valueOf(detail)).print();
  }

  private static String causeOf(Throwable t) {
    Throwable c = t instanceof ExecutionException && t.getCause() != null ? t.getCause() : t;
    return c.getClass().getSimpleName();
  }

  private static KafkaProducer<String, String> producer(String bootstrap) {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "10000");
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "10000");
    p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
    p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
    return new KafkaProducer<>(p);
  }

  private static KafkaConsumer<String, String> consumer(String bootstrap, String group) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    return new KafkaConsumer<>(p);
  }

  /** The exception class a send fails with, or "none". */
  private static String trySend(String bootstrap, String topic) {
    try (KafkaProducer<String, String> producer = producer(bootstrap)) {
      producer.send(new ProducerRecord<>(topic, 0, "k", "v")).get(20, TimeUnit.SECONDS);
      return "none";
    } catch (Exception e) {
      return causeOf(e);
    }
  }

  /** The exception class an assigned consumer's poll and commit fail with, or "none:<records>". */
  private static String tryConsume(String bootstrap, String topic, String group) {
    try (KafkaConsumer<String, String> consumer = consumer(bootstrap, group)) {
      TopicPartition tp = new TopicPartition(topic, 0);
      consumer.assign(List.of(tp));
      int count = 0;
      long deadline = System.currentTimeMillis() + 15_000;
      while (count == 0 && System.currentTimeMillis() < deadline) {
        ConsumerRecords<String, String> rs = consumer.poll(Duration.ofMillis(500));
        count += rs.count();
      }
      consumer.commitSync(java.util.Map.of(tp, new OffsetAndMetadata(1)));
      return "none:" + count;
    } catch (Exception e) {
      return causeOf(e);
    }
  }

  static void run(Args args) throws Exception {
    String bootstrap = args.str("bootstrap");
    String topic = args.str("topic");
    String group = args.str("group");

    check("producer refused", true, trySend(bootstrap, topic));
    check("consumer refused", true, tryConsume(bootstrap, topic, group));

    Properties ap = new Properties();
    ap.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    try (Admin admin = Admin.create(ap)) {
      String me = "User:ANONYMOUS";
      List<AclBinding> bindings = List.of(
          new AclBinding(new ResourcePattern(ResourceType.TOPIC, topic, PatternType.LITERAL), new AccessControlEntry(me, "*", AclOperation.WRITE, AclPermissionType.ALLOW)),
          new AclBinding(new ResourcePattern(ResourceType.TOPIC, topic, PatternType.LITERAL), new AccessControlEntry(me, "*", AclOperation.READ, AclPermissionType.ALLOW)),
          new AclBinding(new ResourcePattern(ResourceType.GROUP, group.substring(0, 3), PatternType.PREFIXED), new AccessControlEntry(me, "*", AclOperation.READ, AclPermissionType.ALLOW)));
      admin.createAcls(bindings).all().get(20, TimeUnit.SECONDS);
      check("createAcls", true, bindings.size());

      AclBindingFilter mine = new AclBindingFilter(ResourcePatternFilter.ANY, new AccessControlEntryFilter(me, null, AclOperation.ANY, AclPermissionType.ANY));
      Collection<AclBinding> described = admin.describeAcls(mine).values().get(20, TimeUnit.SECONDS);
      List<String> lines = new ArrayList<>();
      for (AclBinding b : described) lines.add(b.pattern().resourceType() + ":" + b.pattern().patternType() + ":" + b.pattern().name() + ":" + b.entry().operation());
      java.util.Collections.sort(lines);
      check("describeAcls", described.containsAll(bindings), String.join(",", lines));

      // The ACLs reach the broker's authorizer asynchronously (Kafka): retry the send for a while.
      String sent = "unset";
      for (int i = 0; i < 20 && !sent.equals("none"); i++) {
        sent = trySend(bootstrap, topic);
        if (!sent.equals("none")) Thread.sleep(500);
      }
      check("producer allowed", sent.equals("none"), sent);
      String consumed = tryConsume(bootstrap, topic, group);
      check("consumer allowed", consumed.startsWith("none:") && !consumed.equals("none:0"), consumed);

      AclBindingFilter topicWrite = new AclBindingFilter(new ResourcePatternFilter(ResourceType.TOPIC, topic, PatternType.LITERAL), new AccessControlEntryFilter(me, null, AclOperation.WRITE, AclPermissionType.ALLOW));
      Collection<AclBinding> deleted = admin.deleteAcls(List.of(topicWrite)).all().get(20, TimeUnit.SECONDS);
      check("deleteAcls", deleted.size() == 1 && deleted.contains(bindings.get(0)), deleted);
      int left = admin.describeAcls(mine).values().get(20, TimeUnit.SECONDS).size();
      check("describeAcls after delete", left == described.size() - 1, left);
    }
    Json.event("acls").put("failures", failures).print();
  }
}
