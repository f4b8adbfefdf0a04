/**
 * What the process runtime reads from the process table: a process's start time (to tell our
 * process from a later one that reuses its pid), the members of a process group, and their CPU
 * time and resident memory. Linux reads `/proc`; other systems ask `ps`, which reports less.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** True where `/proc` describes processes. */
export const HAS_PROC = process.platform === 'linux';

/** Clock ticks per second of `/proc/<pid>/stat` times (USER_HZ, 100 on every Linux architecture Node runs on). */
const CLOCK_TICKS = 100;
const PAGE_SIZE = 4096;

/** The fields of `/proc/<pid>/stat` this module uses. */
export interface ProcStat {
  pid: number;
  pgrp: number;
  /** utime + stime in clock ticks. */
  cpuTicks: number;
  /** Start time in clock ticks after boot. */
  startTicks: number;
  /** Resident set in pages. */
  rssPages: number;
}

/** Parses `/proc/<pid>/stat` (the command name may contain spaces and parentheses). */
export function parseProcStat(text: string): ProcStat | undefined {
  const close = text.lastIndexOf(')');
  const open = text.indexOf('(');
  if (close < 0 || open < 0) return undefined;
  const pid = Number(text.slice(0, open).trim());
  // Fields after the command: state(3) ppid(4) pgrp(5) ... utime(14) stime(15) ... starttime(22) vsize(23) rss(24).
  const f = text.slice(close + 2).split(' ');
  const field = (n: number): number => Number(f[n - 3]);
  const stat: ProcStat = { pid, pgrp: field(5), cpuTicks: field(14) + field(15), startTicks: field(22), rssPages: field(24) };
  return Number.isFinite(stat.pgrp) && Number.isFinite(stat.cpuTicks) ? stat : undefined;
}

async function readStat(pid: number): Promise<ProcStat | undefined> {
  try {
    return parseProcStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A token identifying one process instance: its start time on Linux, its start time as `ps`
 * prints it elsewhere. Undefined when the process is gone.
 */
export async function processIdentity(pid: number): Promise<string | undefined> {
  if (HAS_PROC) {
    const s = await readStat(pid);
    return s === undefined ? undefined : `start:${s.startTicks}`;
  }
  try {
    const { stdout } = await execFileAsync('ps', ['-o', 'lstart=', '-p', String(pid)]);
    const t = stdout.trim();
    return t === '' ? undefined : `lstart:${t}`;
  } catch {
    return undefined;
  }
}

/** Every process's stat, read once per sample (shared by all containers). */
export async function processTable(): Promise<ProcStat[]> {
  if (!HAS_PROC) return psTable();
  const out: ProcStat[] = [];
  let names: string[];
  try {
    names = await readdir('/proc');
  } catch {
    return out;
  }
  await Promise.all(names.filter((n) => /^\d+$/.test(n)).map(async (n) => {
    const s = await readStat(Number(n));
    if (s !== undefined) out.push(s);
  }));
  return out;
}

/** The process table from `ps` (CPU time in ticks, RSS in pages, as `/proc` gives them). */
async function psTable(): Promise<ProcStat[]> {
  try {
    const { stdout } = await execFileAsync('ps', ['-A', '-o', 'pid=,pgid=,time=,rss=']);
    const out: ProcStat[] = [];
    for (const line of stdout.split('\n')) {
      const [pid, pgid, time, rss] = line.trim().split(/\s+/);
      if (pid === undefined || pgid === undefined || time === undefined || rss === undefined) continue;
      out.push({ pid: Number(pid), pgrp: Number(pgid), cpuTicks: cpuSecondsOf(time) * CLOCK_TICKS, startTicks: 0, rssPages: (Number(rss) * 1024) / PAGE_SIZE });
    }
    return out;
  } catch {
    return [];
  }
}

/** `[[dd-]hh:]mm:ss[.ss]` as ps prints CPU time, in seconds. */
function cpuSecondsOf(text: string): number {
  const [dayPart, clock] = text.includes('-') ? text.split('-') : ['0', text];
  const parts = (clock ?? '').split(':').map(Number);
  let secs = 0;
  for (const p of parts) secs = secs * 60 + (Number.isFinite(p) ? p : 0);
  return secs + Number(dayPart) * 86400;
}

/** CPU (ns) and memory (bytes) summed over the members of one process group (but `exclude`). */
export function groupUsage(table: ProcStat[], pgid: number, exclude?: number): { cpuNanos: number; memoryBytes: number } | undefined {
  let cpuTicks = 0;
  let rss = 0;
  let found = false;
  for (const p of table) {
    if (p.pgrp !== pgid || p.pid === exclude) continue;
    found = true;
    cpuTicks += p.cpuTicks;
    rss += p.rssPages;
  }
  if (!found) return undefined;
  return { cpuNanos: (cpuTicks * 1e9) / CLOCK_TICKS, memoryBytes: rss * PAGE_SIZE };
}

/** The machine's busy CPU time (all cores, ns) and total time from `/proc/stat`; undefined elsewhere. */
export async function machineCpu(): Promise<{ busyNanos: number; totalNanos: number } | undefined> {
  if (!HAS_PROC) return undefined;
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n').find((l) => l.startsWith('cpu '));
    if (line === undefined) return undefined;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already in user).
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busyNanos: ((total - idle) * 1e9) / CLOCK_TICKS, totalNanos: (total * 1e9) / CLOCK_TICKS };
  } catch {
    return undefined;
  }
}

/** `/proc/meminfo` values in bytes (MemTotal, MemAvailable); undefined elsewhere. */
export async function machineMemory(): Promise<{ total: number; available: number } | undefined> {
  if (!HAS_PROC) return undefined;
  try {
    const text = await readFile('/proc/meminfo', 'utf8');
    const kb = (key: string): number | undefined => {
      const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text);
      return m === null ? undefined : Number(m[1]) * 1024;
    };
    const total = kb('MemTotal');
    const available = kb('MemAvailable');
    return total === undefined || available === undefined ? undefined : { total, available };
  } catch {
    return undefined;
  }
}
