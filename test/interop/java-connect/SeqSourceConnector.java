package strand.interop.connect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.source.SourceConnector;

/**
 * A source of numbered records: task i writes key "t<i>", values 0, 1, 2, ... with the source
 * partition {"task": i} and the source offset {"seq": n}, so the test can tell from the topic and the
 * committed offsets whether a record was lost (a gap) or only written again (at-least-once).
 */
public final class SeqSourceConnector extends SourceConnector {
    static final ConfigDef CONFIG = new ConfigDef()
        .define("topic", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "topic to write to")
        .define("batch.size", ConfigDef.Type.INT, 20, ConfigDef.Importance.LOW, "records per poll")
        .define("poll.interval.ms", ConfigDef.Type.LONG, 50L, ConfigDef.Importance.LOW, "pause between polls");

    private Map<String, String> props;

    @Override public String version() { return "1.0"; }
    @Override public void start(Map<String, String> props) {
        CONFIG.parse(props); // fails the connector on bad config, as a real connector does
        this.props = props;
    }
    @Override public Class<? extends Task> taskClass() { return SeqSourceTask.class; }
    @Override public List<Map<String, String>> taskConfigs(int maxTasks) {
        List<Map<String, String>> out = new ArrayList<>();
        for (int i = 0; i < maxTasks; i++) {
            Map<String, String> p = new HashMap<>(props);
            p.put("task.index", Integer.toString(i));
            out.add(p);
        }
        return out;
    }
    @Override public void stop() {}
    @Override public ConfigDef config() { return CONFIG; }
}
