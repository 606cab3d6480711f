/**
 * Globs from configs and command lines, matched in time linear in the name (times the glob's
 * length), whatever the glob: a pull request's config is untrusted, and a glob turned into a
 * JavaScript RegExp backtracks (`*a*a*a*a*a*a*a*a*a*a*a*a*c` against a 40-character name ran
 * for minutes, each star multiplying the time by 2.5). The glob is compiled into a small program
 * of character tests and jumps that is run on all its states at once, a character at a time
 * (Thompson's construction), as RE2 does; a name is read once.
 *
 * Syntax, as fast-glob's: `*` (any characters), `?` (one character), `[abc]`, `[a-z]`, `[!a]`
 * or `[^a]` (one character of a set; a `[` without its `]` is itself), `{a,b}` (either,
 * nested), `\` (the next character as itself). For paths, `*`, `?` and sets do not match `/`,
 * and `**` as a whole path segment matches any number of directories. A `{` that is not closed
 * and a `}` that closes nothing are errors (GlobSyntaxError).
 */

/** A glob that cannot be compiled: `detail` says what and where (a character position from 1). */
export class GlobSyntaxError extends Error {
  constructor(
    readonly glob: string,
    readonly detail: string,
  ) {
    super(`invalid glob '${glob}': ${detail}`);
  }
}

/**
 * A name (or a `/`-separated path) as a glob that matches it and nothing else: the characters
 * these globs read as syntax are escaped with `\`.
 */
export function escapeGlob(name: string): string {
  return name.replace(/[\\*?[\]{}!]/g, '\\$&');
}

type Instruction =
  | { op: 'char'; code: number }
  | { op: 'any' }
  | { op: 'set'; ranges: number[]; negated: boolean }
  | { op: 'split'; x: number; y: number }
  | { op: 'jump'; x: number }
  | { op: 'match' };

/**
 * A segment of a path glob as a directory walk needs it: `literal` (its text), `globstar` (`**`),
 * `wild` (anything else: `dot` when it may match a name that starts with a dot, which a walk
 * without fast-glob's `dot` option skips), or `spans` (braces with a `/` inside: the rest of the
 * glob matches at any depth).
 */
export type WalkSegment = { kind: 'literal'; text: string } | { kind: 'globstar' } | { kind: 'wild'; dot: 'yes' | 'maybe' | 'no' } | { kind: 'spans' };

export interface CompiledGlob {
  /** Whether the whole name (for a path glob: the path, `/`-separated) matches. */
  matches(name: string): boolean;
  /** The glob's path segments, for walking directories with patterns that cannot backtrack. */
  readonly segments: readonly WalkSegment[];
}

const SLASH = 47;

/** What a path segment holds so far while compiling. */
interface SegmentState {
  text: string;
  wild: boolean;
  globstar: boolean;
  spans: boolean;
  /** What the segment starts with: a literal character, or something that matches many. */
  first: 'dot' | 'literal' | 'wild' | 'choice' | null;
}

const emptySegment = (): SegmentState => ({ text: '', wild: false, globstar: false, spans: false, first: null });

/**
 * Compiles a glob; `paths`: `/` separates path segments (file globs), else it is a character
 * like any other (content type id globs). Throws GlobSyntaxError.
 */
export function compileGlob(glob: string, { paths }: { paths: boolean }): CompiledGlob {
  const program: Instruction[] = [];
  const emit = (instruction: Instruction): number => program.push(instruction) - 1;
  /** Open `{` groups: where each opened, its split waiting for the next alternative, and its alternatives' jumps to the end. */
  const groups: { at: number; split: number; exits: number[] }[] = [];
  const segments: WalkSegment[] = [];
  let segment = emptySegment();
  /** Set once a `[` had no `]` after it: no later `[` has one either (see readSet). */
  let setsClosed = true;

  const endSegment = (): void => {
    const { text, wild, globstar, spans, first } = segment;
    if (spans) segments.push({ kind: 'spans' });
    else if (globstar) segments.push({ kind: 'globstar' });
    else if (wild) segments.push({ kind: 'wild', dot: first === 'dot' ? 'yes' : first === 'choice' ? 'maybe' : 'no' });
    else segments.push({ kind: 'literal', text });
    segment = emptySegment();
  };
  const literal = (char: string): void => {
    emit({ op: 'char', code: char.charCodeAt(0) });
    segment.text += char;
    segment.first ??= char === '.' ? 'dot' : 'literal';
  };
  const wild = (kind: 'wild' | 'choice'): void => {
    segment.wild = true;
    segment.first ??= kind;
  };
  /** `[^/]*` for paths, `.*` otherwise; `anything`: `.*` also for paths (a trailing `**`). */
  const star = (anything: boolean): void => {
    const split = emit({ op: 'split', x: program.length + 1, y: -1 });
    emit(anything || !paths ? { op: 'any' } : { op: 'set', ranges: [SLASH, SLASH], negated: true });
    emit({ op: 'jump', x: split });
    (program[split] as { y: number }).y = program.length;
  };

  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === '\\' && i + 1 < glob.length) {
      literal(glob[++i]!);
    } else if (char === '*') {
      let end = i;
      while (glob[end + 1] === '*') end++;
      const wholeSegment = paths && end > i && (i === 0 || glob[i - 1] === '/') && (end + 1 === glob.length || glob[end + 1] === '/');
      wild('wild');
      if (wholeSegment && end + 1 < glob.length) {
        // `**/`: any number of directories, `(?:[^/]*/)*`.
        const split = emit({ op: 'split', x: program.length + 1, y: -1 });
        star(false);
        emit({ op: 'char', code: SLASH });
        emit({ op: 'jump', x: split });
        (program[split] as { y: number }).y = program.length;
        end++;
      } else star(wholeSegment);
      if (wholeSegment && groups.length === 0) {
        segment.globstar = true;
        if (end < glob.length && glob[end] === '/') endSegment();
      }
      i = end;
    } else if (char === '?') {
      wild('wild');
      emit(paths ? { op: 'set', ranges: [SLASH, SLASH], negated: true } : { op: 'any' });
    } else if (char === '[' && setsClosed) {
      const set = readSet(glob, i, paths);
      if (set === null) {
        setsClosed = false;
        literal(char);
      } else {
        wild('choice');
        emit({ op: 'set', ranges: set.ranges, negated: set.negated });
        i = set.end;
      }
    } else if (char === '{') {
      wild('choice');
      groups.push({ at: i, split: emit({ op: 'split', x: program.length + 1, y: -1 }), exits: [] });
    } else if (char === ',' && groups.length > 0) {
      const group = groups.at(-1)!;
      group.exits.push(emit({ op: 'jump', x: -1 }));
      (program[group.split] as { y: number }).y = program.length;
      group.split = emit({ op: 'split', x: program.length + 1, y: -1 });
    } else if (char === '}') {
      const group = groups.pop();
      if (!group) throw new GlobSyntaxError(glob, `the '}' at character ${i + 1} closes no '{'`);
      // The last alternative has no other after it: its split only goes on.
      program[group.split] = { op: 'jump', x: group.split + 1 };
      for (const exit of group.exits) (program[exit] as { x: number }).x = program.length;
    } else if (char === '/' && paths) {
      emit({ op: 'char', code: SLASH });
      if (groups.length > 0) segment.spans = true;
      else endSegment();
    } else {
      literal(char);
    }
  }
  if (groups.length > 0) throw new GlobSyntaxError(glob, `the '{' at character ${groups.at(-1)!.at + 1} is not closed`);
  emit({ op: 'match' });
  endSegment();
  return { matches: (name) => run(program, name), segments };
}

/**
 * A set `[…]` that starts at `start`: its ranges (pairs of character codes) and where its `]`
 * is; null when no `]` closes it (the `[` is then a character of its own). A `]` right after
 * the `[` (or `[!`) is a member. A set that finds no `]` reads to the end of the glob, and so
 * would any later one (its members pair up the same way): the caller stops looking.
 */
function readSet(glob: string, start: number, paths: boolean): { ranges: number[]; negated: boolean; end: number } | null {
  let i = start + 1;
  const negated = glob[i] === '!' || glob[i] === '^';
  if (negated) i++;
  const ranges: number[] = [];
  for (const first = i; i < glob.length; i++) {
    if (glob[i] === ']' && i > first) {
      // Paths: no set matches the separator (a negated one included).
      if (paths && !negated) return { ranges: withoutSlash(ranges), negated, end: i };
      return { ranges: paths ? [...ranges, SLASH, SLASH] : ranges, negated, end: i };
    }
    if (glob[i] === '\\' && i + 1 < glob.length) i++;
    const low = glob.charCodeAt(i);
    let high = low;
    if (glob[i + 1] === '-' && i + 2 < glob.length && glob[i + 2] !== ']') {
      i += 2;
      if (glob[i] === '\\' && i + 1 < glob.length) i++;
      high = glob.charCodeAt(i);
      if (high < low) throw new GlobSyntaxError(glob, `the range '${String.fromCharCode(low)}-${String.fromCharCode(high)}' at character ${start + 1} is reversed`);
    }
    ranges.push(low, high);
  }
  return null;
}

/** The ranges with `/` taken out. */
function withoutSlash(ranges: readonly number[]): number[] {
  const out: number[] = [];
  for (let k = 0; k < ranges.length; k += 2) {
    const low = ranges[k]!;
    const high = ranges[k + 1]!;
    if (low < SLASH) out.push(low, Math.min(high, SLASH - 1));
    if (high > SLASH) out.push(Math.max(low, SLASH + 1), high);
  }
  return out;
}

function inSet(ranges: readonly number[], code: number): boolean {
  for (let k = 0; k < ranges.length; k += 2) if (code >= ranges[k]! && code <= ranges[k + 1]!) return true;
  return false;
}

/**
 * Runs the program on all its states at once: each character of the name is read once, and
 * each state is visited at most once per character.
 */
function run(program: readonly Instruction[], name: string): boolean {
  const visited = new Int32Array(program.length).fill(-1);
  const stack: number[] = [];
  /** Adds the state `pc` and those it jumps or splits to (for the step `step`) to `states`. */
  const add = (states: number[], pc: number, step: number): void => {
    stack.push(pc);
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (visited[at] === step) continue;
      visited[at] = step;
      const instruction = program[at]!;
      if (instruction.op === 'split') stack.push(instruction.y, instruction.x);
      else if (instruction.op === 'jump') stack.push(instruction.x);
      else states.push(at);
    }
  };
  let states: number[] = [];
  add(states, 0, 0);
  for (let i = 0; i < name.length && states.length > 0; i++) {
    const code = name.charCodeAt(i);
    const next: number[] = [];
    for (const pc of states) {
      const instruction = program[pc]!;
      const takes =
        instruction.op === 'char'
          ? instruction.code === code
          : instruction.op === 'any' || (instruction.op === 'set' && inSet(instruction.ranges, code) !== instruction.negated);
      if (takes) add(next, pc + 1, i + 1);
    }
    states = next;
  }
  return states.some((pc) => program[pc]!.op === 'match');
}
