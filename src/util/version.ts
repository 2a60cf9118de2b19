// Strand's version, from package.json (bundled into the binary by `bun build --compile`).
import pkg from "../../package.json" with { type: "json" };

export const STRAND_VERSION: string = pkg.version;
