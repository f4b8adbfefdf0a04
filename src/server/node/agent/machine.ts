/**
 * Facts about the machine the node agent reports in the Node object: CPUs, memory, the file system
 * of the data directory, kernel and OS image, architecture, and the machine and boot identifiers.
 */
import { readFile, statfs } from 'node:fs/promises';
import os from 'node:os';

/** What the Node object says about the machine. */
export interface MachineFacts {
  cpus: number;
  memoryBytes: number;
  storageBytes: number;
  kernelVersion: string;
  osImage: string;
  operatingSystem: string;
  architecture: string;
  machineID: string;
  bootID: string;
  hostname: string;
  /** Pods the node takes at most (the kubelet's `--max-pods`; default 110). */
  maxPods?: number;
}

async function readTrimmed(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch {
    return undefined;
  }
}

async function osImage(): Promise<string> {
  const text = await readTrimmed('/etc/os-release');
  const m = text === undefined ? null : /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(text);
  if (m?.[1] !== undefined && m[1] !== '') return m[1];
  return `${os.type()} ${os.release()}`;
}

/** The architecture in Go's names (amd64, arm64, ...). */
export function goArch(): string {
  switch (process.arch) {
    case 'x64': return 'amd64';
    case 'ia32': return '386';
    default: return process.arch;
  }
}

/** Size and free space of the file system holding `dir`. */
export async function storageOf(dir: string): Promise<{ total: number; available: number }> {
  try {
    const s = await statfs(dir);
    return { total: s.blocks * s.bsize, available: s.bavail * s.bsize };
  } catch {
    return { total: 0, available: 0 };
  }
}

/** Reads the machine's facts; `storageDir` is where pods' data and logs live. */
export async function machineFacts(storageDir: string): Promise<MachineFacts> {
  const storage = await storageOf(storageDir);
  return {
    cpus: os.availableParallelism(),
    memoryBytes: os.totalmem(),
    storageBytes: storage.total,
    kernelVersion: os.release(),
    osImage: await osImage(),
    operatingSystem: process.platform === 'win32' ? 'windows' : process.platform,
    architecture: goArch(),
    machineID: (await readTrimmed('/etc/machine-id')) ?? (await readTrimmed('/var/lib/dbus/machine-id')) ?? '',
    bootID: (await readTrimmed('/proc/sys/kernel/random/boot_id')) ?? '',
    hostname: os.hostname(),
  };
}
