// C sources imported as text (`with { type: "text" }`), so `bun build --compile` embeds them and the
// native loader can build them (gcc into the cache, or TinyCC) even when native/ is not on disk.
declare module "*.c" {
  const text: string;
  export default text;
}
