package strand.interop.connect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;

/**
 * A sink that appends every record it is given to a file in "dir" (one file per task start), one
 * line "topic partition offset key value", and makes the file durable before Connect commits the
 * offsets, so a committed offset implies the record is in some file.
 */
public final class LineSinkConnector extends SinkConnector {
    static final ConfigDef CONFIG = new ConfigDef()
        .define("dir", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "directory for the files");

    private Map<String, String> props;

    @Override public String version() { return "1.0"; }
    @Override public void start(Map<String, String> props) {
        CONFIG.parse(props);
        this.props = props;
    }
    @Override public Class<? extends Task> taskClass() { return LineSinkTask.class; }
    @Override public List<Map<String, String>> taskConfigs(int maxTasks) {
        List<Map<String, String>> out = new ArrayList<>();
        for (int i = 0; i < maxTasks; i++) out.add(props);
        return out;
    }
    @Override public void stop() {}
    @Override public ConfigDef config() { return CONFIG; }
}
