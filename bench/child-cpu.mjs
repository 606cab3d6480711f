// CPU time (user + system) of the child processes this process has waited for, in ms, from
// /proc/self/stat (Linux; 10 ms clock ticks), or null elsewhere. The difference around a
// spawnSync is the child's CPU time: on a loaded machine a steadier measure than wall time.
import { readFileSync } from 'node:fs';

export function childrenCpuMs() {
  try {
    // Fields after the command name: cutime and cstime are the 14th and 15th (clock ticks, 100 a second).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}
