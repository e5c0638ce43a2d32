import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of a process in MB, from /proc (Linux only, like the machines benches run on). */
export function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

/**
 * CPU seconds a process has used, from its /proc stat line: user and system time (fields 14 and
 * 15, in clock ticks of 1/100 s), and with `children` its waited-for children's too (16 and 17).
 * Throws when the process is gone.
 */
function statCpuSeconds(pid: number | string, children = false): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = fields.slice(11, children ? 15 : 13);
  return ticks.reduce((sum, field) => sum + Number(field), 0) / 100;
}

/** CPU seconds (user + system) a process has used, from /proc; 0 where /proc is unavailable. */
export function cpuSecondsOf(pid: number): number {
  try {
    return statCpuSeconds(pid);
  } catch {
    return 0;
  }
}

/**
 * CPU seconds PostgreSQL has used, every process of it: each backend, the background workers and
 * the postmaster, plus (through the postmaster's children's time) the backends that have exited.
 * From /proc; 0 where it is unavailable.
 */
export function postgresCpuSeconds(): number {
  let seconds = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      seconds += statCpuSeconds(pid, true);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return seconds;
}

/**
 * CPU seconds the whole machine has spent busy (every state but idle, I/O wait and steal), from the
 * first line of /proc/stat; 0 where it is unavailable. Beside one process's figure it shows what
 * the rest (PostgreSQL, Redis, the load generator, anything else running) took.
 */
export function machineBusySeconds(): number {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const values = ticks.map(Number);
    const total = values.reduce((sum, n) => sum + n, 0);
    // user nice system idle iowait irq softirq steal guest guest_nice; guest time is counted in
    // user already, and steal is time the host gave to someone else.
    const [idle = 0, iowait = 0, , , steal = 0, guest = 0, guestNice = 0] = values.slice(3);
    return (total - idle - iowait - steal - guest - guestNice) / 100;
  } catch {
    return 0;
  }
}
