// Prints every entry of Kafka's org.apache.kafka.common.protocol.Errors enum as JSON on stdout.
// Run by tools/gen-errors/main.ts against the kafka-clients jar (plus slf4j-api, which the enum's
// static initialiser needs for its logger). Written for Strand; it only reads the public enum API.

import java.io.InputStream;
import java.util.Properties;
import org.apache.kafka.common.errors.ApiException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.protocol.Errors;

public final class DumpErrors {
    private DumpErrors() {}

    public static void main(String[] args) throws Exception {
        Properties version = new Properties();
        try (InputStream in = Errors.class.getResourceAsStream("/kafka/kafka-version.properties")) {
            if (in == null) throw new IllegalStateException("kafka/kafka-version.properties missing from the jar");
            version.load(in);
        }
        StringBuilder out = new StringBuilder();
        out.append("{\"kafkaVersion\":").append(quote(version.getProperty("version")));
        out.append(",\"commitId\":").append(quote(version.getProperty("commitId")));
        out.append(",\"errors\":[\n");
        Errors[] all = Errors.values();
        for (int i = 0; i < all.length; i++) {
            Errors e = all[i];
            ApiException ex = e.exception();
            out.append("{\"code\":").append(e.code());
            out.append(",\"name\":").append(quote(e.name()));
            out.append(",\"retriable\":").append(ex instanceof RetriableException);
            out.append(",\"message\":").append(quote(e.message()));
            out.append(",\"exception\":").append(ex == null ? "null" : quote(ex.getClass().getSimpleName()));
            out.append(i + 1 < all.length ? "},\n" : "}\n");
        }
        out.append("]}\n");
        System.out.print(out);
        System.out.flush();
    }

    /** A JSON string literal; non-ASCII and control characters become \\u escapes. */
    private static String quote(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }
}
