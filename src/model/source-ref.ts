/**
 * Where what rules visit came from: a file that answers line and column for a place in it, and a
 * record's place in its file. Every kind of input makes its own files (src/inputs/<kind>/).
 */

export interface Position {
  line: number;
  column: number;
}

/** A file that records were read from, able to turn a record-relative path into line:column. */
export interface SourceFile {
  /** Path as shown to users: relative to the working directory, forward slashes. */
  readonly path: string;
  readonly absPath: string;
  /** Position of `path` (segments below the record) inside the record that `ref` names. */
  locate(ref: SourceRef, path: readonly string[]): Position;
  /**
   * Positions of many places at once (the findings of a run): records in file order, each read
   * and scanned at most once, and newlines counted in one forward pass. Without it (files whose
   * records are found by offset: code, migration scripts): `locate` for each.
   */
  place?(places: readonly Place[]): Position[];
  /**
   * Where `path` below the record `ref` is (a byte offset), if the record's bytes are in memory
   * now (the record being visited); undefined otherwise. Findings reported while their
   * record is visited are placed so, and `place` need not read the record again.
   */
  offsetNow?(ref: SourceRef, path: readonly string[]): number | undefined;
  /** Drops what was read to answer `locate`; it is read again if needed. */
  release(): void;
  /** The file as it was first read (a space's files): worker threads must read the same (see engine/parallel.ts). */
  readonly identity?: FileIdentity;
  /**
   * For records made of several files (a content type that migration scripts changed): the file,
   * as shown to users, that `path` below the record comes from. Without it: `path` (the property).
   */
  fileOf?(ref: SourceRef, path: readonly string[]): string;
  /**
   * For records that migration scripts changed: the script line that last set `path` below the
   * record (file as shown to users), or undefined when it comes from the inputs on disk.
   */
  scriptSite?(ref: SourceRef, path: readonly string[]): { file: string; line: number } | undefined;
}

/** What tells whether a file is still the one read: the file (device and inode), its size and its modification time. */
export interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

/** A place to find: `path` below the record `ref`, or its byte offset `at` when already known. */
export interface Place {
  readonly ref: SourceRef;
  readonly path: readonly string[];
  readonly at?: number | undefined;
}

/** Where a record came from: its file, its JSON pointer in that file, and its offset there. */
export interface SourceRef {
  readonly file: SourceFile;
  readonly pointer: string;
  /** Byte offset of the record in a JSON file; for YAML, unused (records are found by pointer). */
  readonly offset: number;
}
