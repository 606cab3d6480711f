/** Types of generate-export.mjs, for the TypeScript tests that use it. */
export declare class Random {
  constructor(seed: number);
  next(): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  sample<T>(list: readonly T[], n: number): T[];
  id(): string;
}

export declare function generateExport(options: { entries: number; seed?: number; invalidRate?: number; brokenPerEntry?: number; crossLinks?: boolean; out: string }): Promise<{
  locales: string[];
  contentTypes: number;
  assets: number;
  broken: Record<string, number>;
}>;
