// `strand storage format --add-scram` (Kafka's kafka-storage.sh -S/--add-scram, ScramParser):
// 'SCRAM-SHA-256=[name=alice,password=alice-secret]' or
// 'SCRAM-SHA-512=[name=alice,iterations=8192,salt="N3E=",saltedpassword="YCE="]' becomes a
// UserScramCredentialRecord in the bootstrap metadata. Defaults as Kafka: 4096 iterations, a random
// salt (Kafka's secureRandomBytes). Kafka's messages, except that a refused argument is never repeated
// whole (it holds a password): the error names the flag and the mechanism.

import { metadataRecord, RecordType, type MetadataRecordOut } from "../metadata/record-serde.ts";
import { credentialFromSalted, saltedPassword, scramMechanismByName, secureRandomSalt } from "../metadata/scram-mechanism.ts";
import { CliError } from "./protocol-decode.ts";

const FLAG = "--add-scram";
/** Kafka prints passwords as [hidden]. */
const HIDDEN = "[hidden]";

function fail(message: string): never {
  throw new CliError(FLAG, HIDDEN, message);
}

function base64Strict(s: string, what: string): Uint8Array {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s)) fail(`Failed to decode given ${what}`);
  return new Uint8Array(Buffer.from(s, "base64"));
}

export function parseAddScram(argument: string): MetadataRecordOut {
  const input = argument.trim();
  const eq = input.indexOf("=");
  if (eq < 0) fail("Failed to find equals sign in SCRAM argument");
  const mechanismName = input.slice(0, eq);
  const config = input.slice(eq + 1);
  const m = scramMechanismByName(mechanismName);
  if (!m) fail(`The add-scram mechanism ${mechanismName} is not supported.`);
  if (!config.startsWith("[")) fail("Expected configuration string to start with [");
  if (!config.endsWith("]")) fail("Expected configuration string to end with ]");
  const components = new Map<string, string>();
  for (const part of config.slice(1, -1).split(",")) {
    const i = part.indexOf("=");
    if (i < 0) fail("No equals sign found in SCRAM component");
    let value = part.slice(i + 1);
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    components.set(part.slice(0, i), value);
  }
  const take = (k: string): string | undefined => {
    const v = components.get(k);
    components.delete(k);
    return v;
  };
  const name = take("name");
  if (name === undefined) fail("You must supply 'name' to add-scram");
  const saltString = take("salt");
  const salt = saltString === undefined ? undefined : base64Strict(saltString, "salt");
  const iterationsString = take("iterations");
  const iterations = iterationsString === undefined ? 4096 : /^[+-]?\d+$/.test(iterationsString) ? Number(iterationsString) : fail(`Failed to parse iterations count: ${iterationsString}`);
  const password = take("password");
  const saltedString = take("saltedpassword");
  if (password === undefined) {
    if (saltedString === undefined) fail("You must supply one of 'password' or 'saltedpassword' to add-scram");
    if (salt === undefined) fail("You must supply 'salt' with 'saltedpassword' to add-scram");
  }
  if (components.size > 0) fail(`Unknown SCRAM configurations: ${[...components.keys()].sort().join(", ")}`);
  if (iterations < m.minIterations) fail(`The 'iterations' value must be >= ${m.minIterations} for add-scram using ${m.mechanismName}`);
  if (iterations > m.maxIterations) fail(`The 'iterations' value must be <= ${m.maxIterations} for add-scram using ${m.mechanismName}`);
  const s = salt ?? secureRandomSalt();
  const salted = password !== undefined ? saltedPassword(m, password, s, iterations) : base64Strict(saltedString!, "saltedPassword");
  const c = credentialFromSalted(m, s, salted, iterations);
  return metadataRecord(RecordType.USER_SCRAM_CREDENTIAL, { name, mechanism: m.type, salt: c.salt, storedKey: c.storedKey, serverKey: c.serverKey, iterations });
}
