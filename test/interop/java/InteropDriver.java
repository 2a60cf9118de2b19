// Entry point of the Java kafka-clients interop driver: `produce`, `consume`, `admin`, `acls`, `commit`
// (a group member committing its positions), `group-offsets`, `console-calls`
// (the admin calls third-party consoles make), and the transactional commands
// `txn-produce`, `txn-read`, `ctp` (consume-transform-produce) and `fence`, and the replication chaos
// test's `chaos-produce` and `chaos-consume`, and the share-group member `share-consume`, each printing
// JSON lines on stdout (see test/interop/java.test.ts). Exit code 0 means the command ran to its end;
// the checks themselves are reported in the JSON and asserted by the TypeScript test.
package strand.interop;

public final class InteropDriver {
  private InteropDriver() {}

  public static void main(String[] argv) throws Exception {
    if (argv.length < 1) {
      System.err.println("usage: InteropDriver produce|consume|admin|commit|group-offsets|console-calls|txn-produce|txn-read|ctp|fence|chaos-produce|chaos-consume|share-consume --bootstrap HOST:PORT ...");
      System.exit(2);
    }
    Args args = new Args(argv, 1);
    switch (argv[0]) {
      case "produce" -> ProduceCommand.run(args);
      case "consume" -> ConsumeCommand.run(args);
      case "admin" -> AdminCommand.run(args);
      case "acls" -> AclsCommand.run(args);
      // An authenticated user refused everything it has no ACLs for (RefusalsCommand.java).
      case "refusals" -> RefusalsCommand.run(args);
      case "commit" -> CommitCommand.run(args);
      case "group-offsets" -> GroupOffsetsCommand.run(args);
      case "console-calls" -> ConsoleCallsCommand.run(args);
      case "txn-produce" -> TxnProduceCommand.run(args);
      case "txn-read" -> TxnReadCommand.run(args);
      case "ctp" -> CtpCommand.run(args);
      case "fence" -> FenceCommand.run(args);
      case "chaos-produce" -> ChaosProduceCommand.run(args);
      case "chaos-consume" -> ChaosConsumeCommand.run(args);
      // Share groups (KIP-932): a KafkaShareConsumer member (share-consumer.test.ts).
      case "share-consume" -> ShareConsumeCommand.run(args);
      default -> {
        System.err.println("unknown command " + argv[0]);
        System.exit(2);
      }
    }
    System.exit(0);
  }
}
