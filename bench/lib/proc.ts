// Linux /proc readings of a process and its descendants: the server under test
// may start helper processes, and their CPU and memory are part of its cost.
import { readdirSync, readFileSync } from "node:fs";

function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces), starting at field 3 (state).
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** pid and every live descendant. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue;
    const ppid = Number(fields[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    out.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return out;
}

/**
 * CPU time (user + system) the tree has used so far, in ms: utime + stime of each live
 * process, plus cutime + cstime of the root (children it has already waited for).
 * Clock ticks are 10 ms on Linux (USER_HZ 100).
 */
export function treeCpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    const f = statFields(p);
    if (!f) continue;
    ticks += Number(f[11]) + Number(f[12]);
    if (p === pid) ticks += Number(f[13]) + Number(f[14]);
  }
  return ticks * 10;
}

function statusKiB(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

const mib = (kib: number) => Math.round((kib / 1024) * 10) / 10;

/** Resident memory of the tree now, in MiB. */
export function rssMiB(pid: number): number {
  return mib(processTree(pid).reduce((s, p) => s + statusKiB(p, "VmRSS"), 0));
}

/** The largest resident memory each process of the tree has had (VmHWM), summed, in MiB. */
export function peakRssMiB(pid: number): number {
  return mib(processTree(pid).reduce((s, p) => s + statusKiB(p, "VmHWM"), 0));
}

function commOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return null;
  }
}

/** The PostgreSQL postmaster on this machine: a `postgres` process whose parent is not one. */
export function postmasterPid(): number | null {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || commOf(Number(entry)) !== "postgres") continue;
    const ppid = Number(statFields(Number(entry))?.[1]);
    if (commOf(ppid) !== "postgres") return Number(entry);
  }
  return null;
}

/**
 * CPU ms the whole PostgreSQL cluster has used so far (backends that exited included), or null without one:
 * the postmaster BENCH_POSTGRES_PID names (the bench's own cluster), else the first one found on the machine.
 */
export function postgresCpuMs(): number | null {
  const pid = Number(process.env.BENCH_POSTGRES_PID) || postmasterPid();
  return pid === null ? null : treeCpuMs(pid);
}

/** The machine's CPU ticks so far (all cores), in /proc/stat's order: user, nice, system, idle, iowait, irq, softirq, steal. */
function machineTicks(): number[] {
  const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  return ticks.map(Number);
}

/** CPU ms every core of the machine has spent busy so far (user, nice, system, irq, softirq, steal; not idle or iowait). */
export function machineBusyMs(): number {
  const [user, nice, system, , , irq, softirq, steal] = machineTicks();
  return (user + nice + system + irq + softirq + (steal || 0)) * 10;
}

/** CPU ms the hypervisor has held back from this VM's cores so far (steal). */
export function stealMs(): number {
  return (machineTicks()[7] || 0) * 10;
}

/** CPU spent during `work` by PostgreSQL and by the whole machine, in ms. */
export async function cpuDuring<T>(work: () => Promise<T>): Promise<{ result: T; postgresMs: number | null; machineMs: number }> {
  const pg = postgresCpuMs();
  const machine = machineBusyMs();
  const result = await work();
  const pgAfter = postgresCpuMs();
  return { result, postgresMs: pg === null || pgAfter === null ? null : pgAfter - pg, machineMs: machineBusyMs() - machine };
}

/**
 * `ms` spread over `count` requests or transactions, to 1 µs; null without a reading or a
 * count. Not coarser: the node:http reference costs 0.07–0.09 ms a request, and the CPU
 * ratios divide by it (to 0.01 ms they moved by up to 14 % on rounding alone).
 */
export function msPer(ms: number | null, count: number): number | null {
  return ms !== null && count ? Math.round((ms / count) * 1000) / 1000 : null;
}
