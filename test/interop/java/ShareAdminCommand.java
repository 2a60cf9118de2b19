// The share-group test's set-up and checks (test/interop/share-consumer.test.ts):
//   share-produce --bootstrap --topic --count [--from 0] [--per-batch 5] [--partitions 1]
//     records key "i", value "v<i>" for i in [from, from+count), partition i % partitions, flushed every
//     --per-batch records so each batch holds that many (a share fetch acquires whole batches).
//   share-admin --bootstrap --group --op configs --configs k=v,k=v   IncrementalAlterConfigs on the GROUP
//   share-admin --bootstrap --group --op describe                    members and state (ShareGroupDescribe)
//   share-admin --bootstrap --group --op offsets --topic T --partitions P   share-partition start offsets
package strand.interop;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.admin.SharePartitionOffsetInfo;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringSerializer;

final class ShareAdminCommand {
  private ShareAdminCommand() {}

  static void produce(Args a) throws Exception {
    long from = a.num("from", 0);
    long count = a.num("count");
    long perBatch = a.num("per-batch", 5);
    int partitions = (int) a.num("partitions", 1);
    String topic = a.str("topic");
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    p.put(ProducerConfig.LINGER_MS_CONFIG, "60000");
    try (KafkaProducer<String, String> pr = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
      for (long i = from; i < from + count; i++) {
        pr.send(new ProducerRecord<>(topic, (int) (i % partitions), String.valueOf(i), "v" + i));
        if ((i - from + 1) % perBatch == 0) pr.flush();
      }
      pr.flush();
    }
    Json.event("produced").put("count", count).print();
  }

  static void admin(Args a) throws Exception {
    String group = a.str("group");
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    try (Admin ad = Admin.create(p)) {
      switch (a.str("op")) {
        case "configs" -> {
          Collection<AlterConfigOp> ops = new ArrayList<>();
          for (String kv : a.str("configs").split(",")) {
            String[] x = kv.split("=", 2);
            ops.add(new AlterConfigOp(new ConfigEntry(x[0], x[1]), AlterConfigOp.OpType.SET));
          }
          ad.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.GROUP, group), ops))
              .all().get(30, TimeUnit.SECONDS);
          Json.event("configs").put("group", group).print();
        }
        case "describe" -> {
          ShareGroupDescription d = ad.describeShareGroups(List.of(group)).all().get(30, TimeUnit.SECONDS).get(group);
          Json.event("described").put("group", group).put("state", d.groupState().toString())
              .put("members", d.members().size()).print();
        }
        case "offsets" -> {
          String topic = a.str("topic");
          List<TopicPartition> tps = new ArrayList<>();
          for (int i = 0; i < a.num("partitions", 1); i++) tps.add(new TopicPartition(topic, i));
          Map<TopicPartition, SharePartitionOffsetInfo> got = ad.listShareGroupOffsets(
              Map.of(group, new ListShareGroupOffsetsSpec().topicPartitions(tps))).partitionsToOffsetInfo(group).get(30, TimeUnit.SECONDS);
          Map<String, Object> start = new LinkedHashMap<>();
          for (TopicPartition tp : tps) {
            SharePartitionOffsetInfo o = got.get(tp);
            start.put(String.valueOf(tp.partition()), o == null ? null : o.startOffset());
          }
          Json.event("offsets").put("group", group).put("start", start).print();
        }
        default -> throw new IllegalArgumentException("--op configs|describe|offsets");
      }
    }
  }
}
