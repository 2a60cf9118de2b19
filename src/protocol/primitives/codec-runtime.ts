// Small helpers the generated codecs call: arrays, tagged fields, version errors.
// Kept here so the generated files stay short and the logic is written (and tested) once.

import { Reader } from "./reader.ts";
import { SizeCounter, type Sink } from "./writer.ts";

/** A tagged field this version does not know, kept so it can be re-encoded unchanged. */
export interface TaggedField {
  tag: number;
  data: Uint8Array;
}

export const ZERO_UUID = "AAAAAAAAAAAAAAAAAAAAAA";

/** Thrown by an encoder asked to write a value the chosen version cannot carry. */
export class UnsupportedFieldError extends Error {
  readonly messageName: string;
  readonly field: string;
  readonly version: number;
  constructor(messageName: string, field: string, version: number, why: string) {
    super(`${messageName}.${field} ${why} in version ${version}`);
    this.name = "UnsupportedFieldError";
    this.messageName = messageName;
    this.field = field;
    this.version = version;
  }
}

/**
 * Read an array. The length was already checked against the bytes left by the Reader, so the loop is
 * bounded by the input size. Returns null for a null array (only when `nullable`), [] after an error.
 */
export function readArray<T>(r: Reader, compact: boolean, nullable: boolean, readOne: (r: Reader) => T): T[] | null {
  const n = compact ? r.compactArrayLength(nullable) : r.arrayLength(nullable);
  if (n === -1) return null;
  if (n < 0) return [];
  const out: T[] = new Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = readOne(r);
    if (r.error) return out.slice(0, i);
  }
  return out;
}

export function writeArray<T>(s: Sink, a: readonly T[] | null, compact: boolean, writeOne: (s: Sink, x: T) => void): void {
  if (a === null) {
    s.arrayLength(-1, compact);
    return;
  }
  s.arrayLength(a.length, compact);
  for (let i = 0; i < a.length; i++) writeOne(s, a[i]!);
}

/**
 * Read a tagged-field section. `known(tag, sub)` decodes a tag this version knows from a Reader limited
 * to that field's bytes and returns true; unknown tags are kept raw. Tags must be strictly increasing.
 */
export function readTaggedFields(r: Reader, known: (tag: number, sub: Reader) => boolean): TaggedField[] | undefined {
  const count = r.uvarint();
  if (r.error) return undefined;
  // Each tagged field takes at least 2 bytes (tag + size), which bounds the loop by the input.
  if (count > r.remaining / 2) {
    r.fail("length-too-large", `tagged field count ${count} exceeds what ${r.remaining} bytes can hold`);
    return undefined;
  }
  let unknown: TaggedField[] | undefined;
  let lastTag = -1;
  for (let i = 0; i < count; i++) {
    const tag = r.uvarint();
    const size = r.uvarint();
    if (r.error) return unknown;
    if (tag <= lastTag) {
      r.fail("invalid-value", `tagged field ${tag} follows tag ${lastTag}: tags must increase`);
      return unknown;
    }
    lastTag = tag;
    if (size > r.remaining) {
      r.fail("length-too-large", `tagged field ${tag} declares ${size} bytes, ${r.remaining} left`);
      return unknown;
    }
    const start = r.pos;
    const sub = r.subReader(size);
    if (!known(tag, sub)) (unknown ??= []).push({ tag, data: r.bytesAt(start, start + size) });
    else if (sub.error) {
      r.fail(sub.error.kind, `in tagged field ${tag}: ${sub.error.what}`, sub.error.position);
      return unknown;
    }
    r.pos = start + size;
  }
  return unknown;
}

/** One known tagged field to write: its tag and a function writing its value. */
export type TagWriter = [tag: number, write: (s: Sink) => void];

/** Write a tagged-field section: known fields (already filtered to non-default) and unknown ones, by tag. */
export function writeTaggedFields(s: Sink, known: TagWriter[], unknown: TaggedField[] | undefined): void {
  const all: Array<TagWriter | TaggedField> = unknown && unknown.length > 0 ? [...known, ...unknown] : known;
  if (all.length > 1) all.sort((a, b) => tagOf(a) - tagOf(b));
  s.uvarint(all.length);
  for (const f of all) {
    if (Array.isArray(f)) {
      const counter = new SizeCounter();
      f[1](counter);
      s.uvarint(f[0]);
      s.uvarint(counter.length);
      f[1](s);
    } else {
      s.uvarint(f.tag);
      s.uvarint(f.data.length);
      s.raw(f.data);
    }
  }
}

function tagOf(f: TagWriter | TaggedField): number {
  return Array.isArray(f) ? f[0] : f.tag;
}

/** Structural equality for decoded messages (used to decide whether a struct field holds its default). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    if (!(a instanceof Uint8Array && b instanceof Uint8Array) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}
