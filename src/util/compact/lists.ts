/**
 * Growable lists of numbers in fixed chunks of typed arrays: a list of a million values takes
 * about 4 (or 8, or 1) bytes a value, is never copied when it grows, and wastes at most one
 * chunk. For state kept per entry of an export too large to hold (millions of entries).
 */

const SHIFT = 14;
const CHUNK = 1 << SHIFT;
const MASK = CHUNK - 1;

type Typed = Int32Array | Float64Array | Uint16Array | Uint8Array;

abstract class ChunkedList<T extends Typed> {
  private readonly chunks: T[] = [];
  length = 0;

  protected abstract chunk(): T;

  push(value: number): number {
    const at = this.length++;
    if ((at & MASK) === 0) this.chunks.push(this.chunk());
    this.chunks[at >>> SHIFT]![at & MASK] = value;
    return at;
  }

  get(index: number): number {
    return this.chunks[index >>> SHIFT]![index & MASK]!;
  }

  set(index: number, value: number): void {
    this.chunks[index >>> SHIFT]![index & MASK] = value;
  }

  /** Makes the list at least `length` long; new values are 0. */
  extend(length: number): void {
    while (this.chunks.length * CHUNK < length) this.chunks.push(this.chunk());
    if (length > this.length) this.length = length;
  }
}

/** 32-bit signed integers. */
export class IntList extends ChunkedList<Int32Array> {
  protected chunk(): Int32Array {
    return new Int32Array(CHUNK);
  }
}

/** Doubles (byte offsets of files larger than 4 GB). */
export class NumberList extends ChunkedList<Float64Array> {
  protected chunk(): Float64Array {
    return new Float64Array(CHUNK);
  }
}

/** 16-bit unsigned integers (lengths of short strings). */
export class ShortList extends ChunkedList<Uint16Array> {
  protected chunk(): Uint16Array {
    return new Uint16Array(CHUNK);
  }
}

/** Bytes (flags). */
export class ByteList extends ChunkedList<Uint8Array> {
  protected chunk(): Uint8Array {
    return new Uint8Array(CHUNK);
  }
}

/** Distinct values of any kind numbered in the order first seen (few distinct values: checks, files, paths). */
export class Numbering<T> {
  private readonly index = new Map<T, number>();
  readonly values: T[] = [];

  of(value: T): number {
    let n = this.index.get(value);
    if (n === undefined) {
      n = this.values.push(value) - 1;
      this.index.set(value, n);
    }
    return n;
  }
}

/** `array`, or a copy at least twice as long when it holds fewer than `needed` items (a growable typed array). */
export function grown<T extends Int32Array | Float64Array>(array: T, needed: number, make: (size: number) => T): T {
  if (needed <= array.length) return array;
  const next = make(Math.max(needed, array.length * 2, 1024));
  next.set(array);
  return next;
}
