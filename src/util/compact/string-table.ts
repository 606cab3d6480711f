import { IntList, ShortList } from './lists.js';

/**
 * Strings numbered 0, 1, 2 … in the order first added, held as bytes: a table of a million
 * entry ids (22 characters each) takes about 30 MB, where a `Map<string, number>` holds every key
 * as a heap string with its own header plus the map's entry (about 90 MB, all of it on the heap).
 * Strings are compared exactly (a hash only chooses where to look). Each string may carry a
 * small integer tag that is part of its identity (`add("a", 1)` and `add("a", 2)` are two
 * strings), so that a table can hold values of several groups without building a key per value.
 *
 * Latin-1 strings up to 4,096 characters are stored as one byte a character in chunks of 1 MiB
 * (28 bytes of bookkeeping a string at most: start, length, slots); any other string (wider
 * characters, longer) is kept as a JavaScript string in a Map.
 */

const CHUNK = 1 << 20;
const MAX_BYTES = 4096;
const EMPTY = 0;
/** Starts are 32-bit integers: beyond 2 GiB of bytes, strings are kept as strings (SPILLED, still found through the slots). */
const MAX_CHUNKS = 2047;
/** `lengths` of a string kept as a JavaScript string: found through `others` (OTHER) or through the slots (SPILLED). */
const OTHER = 0xffff;
const SPILLED = 0xfffe;

function hashOf(text: string, tag: number): number {
  let hash = (0x811c9dc5 ^ tag) | 0;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}

export class StringTable {
  private readonly chunks: Buffer[] = [];
  /** Free bytes of the last chunk start here. */
  private used = 0;
  /** Per string: where its bytes start (chunk * CHUNK + offset), or its index in `otherStrings` when its length is OTHER or SPILLED. */
  private readonly starts = new IntList();
  private readonly lengths = new ShortList();
  private tags: IntList | null = null;
  /** Open addressing (linear probing, at most 70 % full): string number + 1, or EMPTY. */
  private slots = new Int32Array(1 << 10);
  private readonly others = new Map<string, number>();
  private readonly otherStrings: string[] = [];

  get size(): number {
    return this.starts.length;
  }

  /** The number of `text` (with `tag`), adding it if it is new. */
  add(text: string, tag = 0): number {
    return this.lookup(text, tag, true);
  }

  /** The number of `text` (with `tag`), or -1 if it has not been added. */
  find(text: string, tag = 0): number {
    return this.lookup(text, tag, false);
  }

  /** The string numbered `index`. */
  get(index: number): string {
    const length = this.lengths.get(index);
    const start = this.starts.get(index);
    if (length === OTHER || length === SPILLED) return this.otherStrings[start]!;
    const offset = start % CHUNK;
    return this.chunks[(start - offset) / CHUNK]!.toString('latin1', offset, offset + length);
  }

  tag(index: number): number {
    return this.tags === null ? 0 : this.tags.get(index);
  }

  private lookup(text: string, tag: number, add: boolean): number {
    const length = text.length;
    let wide = 0;
    for (let i = 0; i < length; i++) wide |= text.charCodeAt(i);
    if (wide > 0xff || length > MAX_BYTES) return this.lookupOther(text, tag, add);
    const mask = this.slots.length - 1;
    for (let slot = hashOf(text, tag) & mask; ; slot = (slot + 1) & mask) {
      const found = this.slots[slot]!;
      if (found === EMPTY) {
        if (!add) return -1;
        const index = this.store(text, tag);
        this.slots[slot] = index + 1;
        if (this.size * 10 > this.slots.length * 7) this.grow();
        return index;
      }
      if (this.equals(found - 1, text, tag)) return found - 1;
    }
  }

  private equals(index: number, text: string, tag: number): boolean {
    const length = this.lengths.get(index);
    if (length === SPILLED) return this.otherStrings[this.starts.get(index)] === text && this.tag(index) === tag;
    if (length !== text.length || this.tag(index) !== tag) return false;
    const start = this.starts.get(index);
    const offset = start % CHUNK;
    const chunk = this.chunks[(start - offset) / CHUNK]!;
    for (let i = 0; i < length; i++) if (chunk[offset + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  private store(text: string, tag: number): number {
    const length = text.length;
    if (this.used + length > CHUNK && this.chunks.length >= MAX_CHUNKS) return this.keep(text, tag, SPILLED);
    if (this.chunks.length === 0 || this.used + length > CHUNK) {
      this.chunks.push(Buffer.allocUnsafe(CHUNK));
      this.used = 0;
    }
    this.chunks[this.chunks.length - 1]!.write(text, this.used, length, 'latin1');
    const index = this.starts.push((this.chunks.length - 1) * CHUNK + this.used);
    this.used += length;
    this.lengths.push(length);
    this.pushTag(tag);
    return index;
  }

  /** Keeps `text` as a JavaScript string. */
  private keep(text: string, tag: number, how: typeof OTHER | typeof SPILLED): number {
    const index = this.starts.push(this.otherStrings.push(text) - 1);
    this.lengths.push(how);
    this.pushTag(tag);
    return index;
  }

  private pushTag(tag: number): void {
    if (tag !== 0 && this.tags === null) {
      this.tags = new IntList();
      this.tags.extend(this.size - 1);
    }
    this.tags?.push(tag);
  }

  /** Twice the slots; the hashes are computed again from the strings (not kept: 4 bytes a string). */
  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let index = 0; index < this.size; index++) {
      if (this.lengths.get(index) === OTHER) continue;
      let slot = hashOf(this.get(index), this.tag(index)) & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = index + 1;
    }
    this.slots = slots;
  }

  private lookupOther(text: string, tag: number, add: boolean): number {
    const key = `${tag}\0${text}`;
    const found = this.others.get(key);
    if (found !== undefined || !add) return found ?? -1;
    const index = this.keep(text, tag, OTHER);
    this.others.set(key, index);
    return index;
  }
}
