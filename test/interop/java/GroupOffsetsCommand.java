// `group-offsets`: the AdminClient's listConsumerGroupOffsets for one group, as Kafka's
// kafka-consumer-groups.sh --describe reads them.
//   --bootstrap --group --topic --partitions
// Prints {"event":"groupOffsets","offsets":[...]} per partition of the topic, -1 where none is committed.
package strand.interop;

import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

final class GroupOffsetsCommand {
  private GroupOffsetsCommand() {}

  static void run(Args a) throws Exception {
    String topic = a.str("topic");
    int partitions = (int) a.num("partitions");
    Properties props = new Properties();
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, a.str("bootstrap"));
    props.put(AdminClientConfig.CLIENT_ID_CONFIG, "strand-interop-java-group-offsets");
    props.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
    long[] offsets = new long[partitions];
    java.util.Arrays.fill(offsets, -1);
    int others = 0;
    try (Admin admin = Admin.create(props)) {
      Map<TopicPartition, OffsetAndMetadata> m =
          admin.listConsumerGroupOffsets(a.str("group")).partitionsToOffsetAndMetadata().get(60, TimeUnit.SECONDS);
      for (Map.Entry<TopicPartition, OffsetAndMetadata> e : m.entrySet()) {
        TopicPartition tp = e.getKey();
        if (!tp.topic().equals(topic) || tp.partition() >= partitions || e.getValue() == null) others++;
        else offsets[tp.partition()] = e.getValue().offset();
      }
    }
    Json.event("groupOffsets").put("offsets", CommitCommand.asList(offsets)).put("others", others).print();
  }
}
