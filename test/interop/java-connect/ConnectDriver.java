package strand.interop.connect;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.connect.cli.ConnectDistributed;
import org.apache.kafka.connect.runtime.Connect;
import org.apache.kafka.connect.runtime.distributed.DistributedHerder;

/**
 * The Kafka Connect interop driver (test/interop/connect-distributed.test.ts):
 *   worker PROPS_FILE                          a distributed Connect worker (ConnectDistributed); a line
 *                                              "stop" (or EOF) on stdin stops it as its SIGTERM hook would
 *   dump --bootstrap B --topic T --timeout-ms N  every committed record of T (read_committed), one JSON line
 *                                              each, then {"event":"dumped","end":{partition: end offset}}
 */
public final class ConnectDriver {
    public static void main(String[] args) throws Exception {
        if (args.length >= 2 && args[0].equals("worker")) {
            worker(args[1]);
            return;
        }
        if (args.length >= 1 && args[0].equals("dump")) {
            dump(value(args, "--bootstrap"), value(args, "--topic"), Long.parseLong(value(args, "--timeout-ms")));
            return;
        }
        System.err.println("usage: worker PROPS | dump --bootstrap B --topic T --timeout-ms N");
        System.exit(2);
    }

    /**
     * ConnectDistributed.main, but stopped through stdin rather than SIGTERM: on SIGTERM Connect's
     * shutdown hook and Jetty's own ShutdownThread (stopAtShutdown) stop the REST server at the same
     * time, and now and then the hook then hangs in RestServer.stop (seen here against both brokers'
     * tests, before the herder had stopped). Connect.stop() is what that hook runs.
     */
    private static void worker(String propsFile) throws Exception {
        Map<String, String> props = Utils.propsToStringMap(Utils.loadProps(propsFile));
        Connect<DistributedHerder> connect = new ConnectDistributed(propsFile).startConnect(props);
        Thread watcher = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null && !line.trim().equals("stop")) {
                    // only "stop" means anything
                }
            } catch (IOException e) {
                // stdin gone: the test process is gone, stop as well
            }
            connect.stop();
        }, "stdin-stop");
        watcher.setDaemon(true);
        watcher.start();
        connect.awaitStop();
        System.out.println("{\"event\":\"stopped\"}");
        System.out.flush();
        System.exit(0);
    }

    private static String value(String[] args, String name) {
        for (int i = 0; i + 1 < args.length; i++) if (args[i].equals(name)) return args[i + 1];
        throw new IllegalArgumentException("missing " + name);
    }

    /**
     * Reads T from the beginning to the end offsets seen at the start (bounded by timeoutMs). The
     * topic's writers are stopped by then, so the last stable offset is the log end offset.
     */
    private static void dump(String bootstrap, String topic, long timeoutMs) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        long deadline = System.currentTimeMillis() + timeoutMs;
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p)) {
            List<TopicPartition> tps = new ArrayList<>();
            for (PartitionInfo info : c.partitionsFor(topic, Duration.ofMillis(timeoutMs))) {
                tps.add(new TopicPartition(topic, info.partition()));
            }
            c.assign(tps);
            c.seekToBeginning(tps);
            Map<TopicPartition, Long> end = c.endOffsets(tps, Duration.ofMillis(timeoutMs));
            StringBuilder ends = new StringBuilder("{");
            for (TopicPartition tp : tps) {
                if (ends.length() > 1) ends.append(',');
                ends.append('"').append(tp.partition()).append("\":").append(end.get(tp));
            }
            ends.append('}');
            long count = 0;
            while (tps.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("dump of " + topic + " did not reach " + end + " within " + timeoutMs + " ms");
                }
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                    if (r.offset() >= end.get(new TopicPartition(topic, r.partition()))) continue;
                    count++;
                    System.out.println("{\"event\":\"record\",\"p\":" + r.partition() + ",\"o\":" + r.offset() +
                        ",\"k\":\"" + r.key() + "\",\"v\":\"" + r.value() + "\"}");
                }
            }
            System.out.println("{\"event\":\"dumped\",\"count\":" + count + ",\"end\":" + ends + "}");
        }
    }
}
