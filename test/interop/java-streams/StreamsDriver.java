// Entry point of the Kafka Streams 4.4.0 interop driver (compiled with test/interop/java/*.java against
// kafka-streams, see test/support/clients/java.ts ensureJavaStreams): `streams-count` runs the app,
// `streams-verify` checks its output. JSON lines on stdout, as the kafka-clients driver.
package strand.interop;

public final class StreamsDriver {
  private StreamsDriver() {}

  public static void main(String[] argv) throws Exception {
    if (argv.length < 1) {
      System.err.println("usage: StreamsDriver streams-count|streams-verify --bootstrap HOST:PORT ...");
      System.exit(2);
    }
    Args args = new Args(argv, 1);
    switch (argv[0]) {
      case "streams-count" -> StreamsCountCommand.run(args);
      case "streams-verify" -> StreamsVerifyCommand.run(args);
      default -> {
        System.err.println("unknown command " + argv[0]);
        System.exit(2);
      }
    }
    System.exit(0);
  }
}
