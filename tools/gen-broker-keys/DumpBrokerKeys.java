// Prints every non-internal key of Apache Kafka's broker ConfigDef (AbstractKafkaConfig.CONFIG_DEF) as
// JSON on stdout, in the ConfigDef's own order, with its dynamic update mode from DynamicBrokerConfig and
// its documentation, and the documentation of every non-internal topic key (LogConfig.configKeys()), which
// DescribeConfigs returns when asked.
// Run by tools/gen-broker-keys/main.ts against the jars of the Kafka distribution. Written for Strand;
// it only reads public APIs.

import java.io.InputStream;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.server.config.AbstractKafkaConfig;
import org.apache.kafka.server.config.DynamicBrokerConfig;
import org.apache.kafka.storage.internals.log.LogConfig;

public final class DumpBrokerKeys {
    private DumpBrokerKeys() {}

    public static void main(String[] args) throws Exception {
        Properties version = new Properties();
        try (InputStream in = ConfigDef.class.getResourceAsStream("/kafka/kafka-version.properties")) {
            if (in == null) throw new IllegalStateException("kafka/kafka-version.properties missing from kafka-clients");
            version.load(in);
        }
        // "read-only" is absent from the map: only dynamic keys have a mode there.
        Map<String, String> modes = DynamicBrokerConfig.dynamicConfigUpdateModes();
        StringBuilder out = new StringBuilder();
        out.append("{\"kafkaVersion\":").append(quote(version.getProperty("version")));
        out.append(",\"keys\":[\n");
        boolean first = true;
        for (ConfigDef.ConfigKey key : AbstractKafkaConfig.CONFIG_DEF.configKeys().values()) {
            if (key.internalConfig) continue;
            if (!first) out.append(",\n");
            first = false;
            out.append("{\"name\":").append(quote(key.name));
            out.append(",\"type\":").append(quote(key.type.toString().toLowerCase()));
            out.append(",\"default\":");
            if (!key.hasDefault() || key.defaultValue == null) out.append("null");
            else out.append(quote(ConfigDef.convertToString(key.defaultValue, key.type)));
            String mode = modes.get(key.name);
            out.append(",\"mode\":").append(quote(mode == null ? "read-only" : mode));
            out.append(",\"validator\":").append(key.validator == null ? "null" : quote(key.validator.toString()));
            out.append(",\"doc\":").append(quote(key.documentation));
            out.append("}");
        }
        out.append("\n],\"topicDocs\":[\n");
        Map<String, ConfigDef.ConfigKey> topicKeys = LogConfig.configKeys();
        first = true;
        for (String name : LogConfig.nonInternalConfigNames()) {
            if (!first) out.append(",\n");
            first = false;
            ConfigDef.ConfigKey key = topicKeys.get(name);
            out.append("{\"name\":").append(quote(name)).append(",\"doc\":").append(quote(key == null ? null : key.documentation)).append("}");
        }
        out.append("\n]}\n");
        System.out.print(out);
        System.out.flush();
    }

    /** A JSON string literal; non-ASCII and control characters become \\u escapes. */
    private static String quote(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }
}
