// How the `console-calls` command writes the AdminClient's answers as JSON-ready maps: nodes, configs
// (with sources and synonyms), log dirs, topic and group descriptions, listed offsets. Sorted where the
// client hands back a hash map, so the two brokers' answers line up.
package strand.interop;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;

final class ConsoleAnswers {
  private ConsoleAnswers() {}

  private static <T> T get(KafkaFuture<T> f) throws Exception {
    return f.get(30, TimeUnit.SECONDS);
  }

  static Object node(Node n) {
    if (n == null) return null;
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", n.id());
    m.put("host", n.host());
    m.put("port", n.port());
    m.put("rack", n.rack());
    return m;
  }

  static List<String> sorted(Collection<?> c) {
    return c == null ? null : c.stream().map(String::valueOf).sorted().toList();
  }

  static Object configs(Admin admin, ConfigResource r, boolean synonyms) throws Exception {
    Map<String, Object> m = new TreeMap<>();
    for (ConfigEntry e : get(admin.describeConfigs(List.of(r), new DescribeConfigsOptions().includeSynonyms(synonyms)).all()).get(r).entries()) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("value", e.value());
      v.put("source", String.valueOf(e.source()));
      v.put("sensitive", e.isSensitive());
      v.put("readOnly", e.isReadOnly());
      v.put("type", String.valueOf(e.type()));
      v.put("synonyms", e.synonyms().stream().map(s -> s.source() + ":" + s.name() + "=" + s.value()).toList());
      m.put(e.name(), v);
    }
    return m;
  }

  static Object logDirs(Admin admin, List<Integer> brokers) throws Exception {
    Map<String, Object> m = new TreeMap<>();
    for (Map.Entry<Integer, Map<String, LogDirDescription>> b : get(admin.describeLogDirs(brokers).allDescriptions()).entrySet()) {
      Map<String, Object> dirs = new TreeMap<>();
      for (Map.Entry<String, LogDirDescription> d : b.getValue().entrySet()) {
        LogDirDescription desc = d.getValue();
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("error", desc.error() == null ? null : desc.error().getClass().getSimpleName());
        v.put("totalBytes", desc.totalBytes().isPresent() ? desc.totalBytes().getAsLong() : null);
        v.put("usableBytes", desc.usableBytes().isPresent() ? desc.usableBytes().getAsLong() : null);
        v.put("cordoned", desc.isCordoned());
        Map<String, Object> replicas = new TreeMap<>();
        for (Map.Entry<TopicPartition, ReplicaInfo> r : desc.replicaInfos().entrySet()) {
          replicas.put(r.getKey().toString(), Map.of("size", r.getValue().size(), "offsetLag", r.getValue().offsetLag(),
              "future", r.getValue().isFuture()));
        }
        v.put("replicas", replicas);
        dirs.put(d.getKey(), v);
      }
      m.put(String.valueOf(b.getKey()), dirs);
    }
    return m;
  }

  static Object topic(TopicDescription d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("internal", d.isInternal());
    m.put("topicId", d.topicId().toString());
    List<Object> parts = new ArrayList<>();
    for (TopicPartitionInfo p : d.partitions()) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("partition", p.partition());
      v.put("leader", p.leader() == null ? null : p.leader().id());
      v.put("replicas", p.replicas().stream().map(Node::id).toList());
      v.put("isr", p.isr().stream().map(Node::id).toList());
      v.put("elr", p.elr() == null ? null : p.elr().stream().map(Node::id).toList());
      v.put("lastKnownElr", p.lastKnownElr() == null ? null : p.lastKnownElr().stream().map(Node::id).toList());
      parts.add(v);
    }
    m.put("partitions", parts);
    m.put("authorizedOperations", sorted(d.authorizedOperations()));
    return m;
  }

  static Object group(ConsumerGroupDescription d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("simple", d.isSimpleConsumerGroup());
    m.put("partitionAssignor", d.partitionAssignor());
    m.put("type", String.valueOf(d.type()));
    m.put("state", String.valueOf(d.groupState()));
    m.put("coordinator", node(d.coordinator()));
    m.put("authorizedOperations", sorted(d.authorizedOperations()));
    m.put("groupEpoch", String.valueOf(d.groupEpoch().orElse(null)));
    m.put("targetAssignmentEpoch", String.valueOf(d.targetAssignmentEpoch().orElse(null)));
    List<Object> members = new ArrayList<>();
    for (MemberDescription md : d.members()) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("memberId", md.consumerId());
      v.put("groupInstanceId", md.groupInstanceId().orElse(null));
      v.put("rackId", md.rackId().orElse(null));
      v.put("clientId", md.clientId());
      v.put("host", md.host());
      v.put("assignment", sorted(md.assignment().topicPartitions()));
      v.put("targetAssignment", md.targetAssignment().map(t -> (Object) sorted(t.topicPartitions())).orElse(null));
      v.put("memberEpoch", String.valueOf(md.memberEpoch().orElse(null)));
      v.put("upgraded", String.valueOf(md.upgraded().orElse(null)));
      members.add(v);
    }
    m.put("members", members);
    return m;
  }

  static Object listOffsets(Admin admin, List<TopicPartition> tps, OffsetSpec spec, IsolationLevel isolation) throws Exception {
    Map<TopicPartition, OffsetSpec> req = new LinkedHashMap<>();
    for (TopicPartition tp : tps) req.put(tp, spec);
    Map<String, Object> m = new TreeMap<>();
    for (Map.Entry<TopicPartition, ListOffsetsResultInfo> e : get(admin.listOffsets(req, new ListOffsetsOptions(isolation)).all()).entrySet()) {
      m.put(e.getKey().toString(), List.of(e.getValue().offset(), e.getValue().timestamp(),
          String.valueOf(e.getValue().leaderEpoch().orElse(null))));
    }
    return m;
  }
}
