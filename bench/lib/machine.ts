import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";

export type MachineInfo = { nproc: number; memoryMiB: number; cpuModel: string; node: string; postgres: string; kernel: string; loadAverageAtStart: number[] };

export function machineInfo(postgresVersion: string): MachineInfo {
  let nproc = os.availableParallelism();
  try {
    nproc = Number(execFileSync("nproc", { encoding: "utf8" }).trim());
  } catch {
    // keep Node's figure
  }
  const memKiB = Number(/MemTotal:\s+(\d+)/.exec(readFileSync("/proc/meminfo", "utf8"))?.[1] ?? 0);
  return {
    nproc,
    memoryMiB: Math.round(memKiB / 1024),
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    node: process.version,
    postgres: postgresVersion,
    kernel: os.release(),
    loadAverageAtStart: os.loadavg().map((v) => Math.round(v * 100) / 100),
  };
}
