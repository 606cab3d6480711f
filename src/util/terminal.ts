import { DEFAULT_WIDTH } from './wrap-text.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Whether output for people (stylish on stdout, the rules table) is coloured. `--color` and
 * `--no-color` win (the last one given); then FORCE_COLOR, as Node.js and supports-color read it
 * (set, it turns colours on, unless it is `0` or `false`), so that CI logs, which are not
 * terminals, can be coloured; then NO_COLOR (any non-empty value turns them off, no-color.org);
 * else colours go to a terminal only, and not to one that says it cannot show them (TERM=dumb).
 */
export function colorWanted(flag: boolean | undefined, env: Env, isTTY: boolean): boolean {
  if (flag !== undefined) return flag;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR) return false;
  return isTTY && env.TERM !== 'dumb';
}

/** The columns that output for people is wrapped to: COLUMNS, else the terminal's width (when stdout is one), else 100. */
export function outputWidth(env: Env, terminalColumns: number | undefined): number {
  const columns = env.COLUMNS;
  if (columns !== undefined && /^[1-9]\d{0,4}$/.test(columns)) return Number(columns);
  return terminalColumns !== undefined && terminalColumns > 0 ? terminalColumns : DEFAULT_WIDTH;
}
