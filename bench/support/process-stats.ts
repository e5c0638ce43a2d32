import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of a process in MB, from /proc (Linux only, like the machines benches run on). */
export function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

/** CPU seconds (user + system) a process has used, from /proc; 0 where /proc is unavailable. */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the stat line, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
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
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime, stime, cutime and cstime: fields 14 to 17 of the stat line, in clock ticks.
      ticks += fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / 100;
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
