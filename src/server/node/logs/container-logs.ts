/**
 * Where container output goes and how it is read back: one log per container instance (restart),
 * in the kubelet's layout (`<root>/<namespace>_<pod>_<uid>/<container>/<restartCount>.log`) and its
 * CRI line format, bounded by rotation. The previous instance's log is kept after a restart (for
 * `logs --previous`); older instances are removed. The streams issue serves `pods/log` from
 * {@link ContainerLogs.read} and {@link ContainerLogs.follow}.
 */
import type { LogEntry } from './cri-format.js';

/** Names one container instance's log. */
export interface ContainerLogRef {
  namespace: string;
  podName: string;
  podUid: string;
  container: string;
  /** The instance's restart count. */
  attempt: number;
}

/** Receives a running instance's output. */
export interface ContainerLogWriter {
  /**
   * Takes a chunk of output. Returns false when the writer holds more than it will buffer: the
   * producer should then pause until {@link ContainerLogWriter.onDrain} calls back, so that a
   * container printing faster than the disk takes it waits, as a process writing to a full pipe
   * does, instead of growing the server's memory.
   */
  write(stream: 'stdout' | 'stderr', chunk: Buffer | string): boolean;
  /** Calls `listener` once when the writer is below its mark again (at once when it already is, or is closed). */
  onDrain(listener: () => void): void;
  /** Flushes what is buffered (a partial last line included) and ends the log. */
  close(): Promise<void>;
}

/** Which part of a log to read (`PodLogOptions`). */
export interface LogReadOptions {
  /** Only the last N entries. */
  tailLines?: number;
  /** Only entries at or after this time (ms since the epoch). */
  sinceTime?: number;
  /** Stop after this many bytes of content. */
  limitBytes?: number;
}

/** The log store. */
export interface ContainerLogs {
  /** Starts the log of a new instance; logs of instances before `attempt - 1` are removed. */
  open(ref: ContainerLogRef): Promise<ContainerLogWriter>;
  /** The entries stored now. */
  read(ref: ContainerLogRef, options?: LogReadOptions): AsyncIterable<LogEntry>;
  /** The entries stored now, then new ones as they are written, until the instance's log ends or `signal` aborts. */
  follow(ref: ContainerLogRef, options: LogReadOptions, signal: AbortSignal): AsyncIterable<LogEntry>;
  /** The highest instance number with a log (restart counts continue from it after a server restart). */
  lastAttempt(ref: Omit<ContainerLogRef, 'attempt'>): Promise<number | undefined>;
  /** Removes every log of a pod. */
  removePod(namespace: string, podName: string, podUid: string): Promise<void>;
  /** Flushes and closes every open log. */
  close(): Promise<void>;
}
