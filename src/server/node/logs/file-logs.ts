/**
 * {@link ContainerLogs} on the file system. Output is split into CRI entries, batched and appended
 * to `<attempt>.log`; when that file passes `maxBytes` it is renamed to `<attempt>.log.1` (older
 * rotations shift up, at most `maxFiles - 1` are kept), so one chatty container cannot fill the
 * disk. Readers of a live log follow rotations as `tail -F` does.
 */
import { EventEmitter } from 'node:events';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { CriStreamEncoder, decodeEntry, parseTime, rfc3339Nano, type ByteSink, type LogEntry } from './cri-format.js';
import type { ContainerLogRef, ContainerLogs, ContainerLogWriter, LogReadOptions } from './container-logs.js';

/** Limits of the log store (the kubelet's `containerLogMaxSize` and `containerLogMaxFiles`). */
export interface FileLogsOptions {
  maxBytes?: number;
  maxFiles?: number;
}

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_MAX_FILES = 5;
/**
 * Output a writer holds (encoded, not yet on disk) before it asks its producer to pause. One
 * append writes everything held, so this also bounds one write's size.
 */
const HIGH_WATER_BYTES = 1024 * 1024;
/** A batch's first buffer (one pipe read's worth); it doubles as entries arrive. */
const BATCH_START_BYTES = 64 * 1024;
const READ_CHUNK = 64 * 1024;

function podDir(root: string, namespace: string, podName: string, podUid: string): string {
  return join(root, `${namespace}_${podName}_${podUid}`);
}

function containerDir(root: string, ref: Omit<ContainerLogRef, 'attempt'>): string {
  return join(podDir(root, ref.namespace, ref.podName, ref.podUid), ref.container);
}

function keyOf(ref: ContainerLogRef): string {
  return `${ref.podUid}/${ref.container}/${ref.attempt}`;
}

/** Wall-clock time with sub-millisecond precision, for ordered log timestamps. */
function preciseNow(): { ms: number; nanos: number } {
  const t = performance.timeOrigin + performance.now();
  const ms = Math.floor(t);
  return { ms, nanos: Math.floor((t - ms) * 1_000_000) };
}

/** The encoded entries of the next append: a byte buffer that grows as entries arrive. */
class EntryBatch implements ByteSink {
  private buf = Buffer.allocUnsafe(BATCH_START_BYTES);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }

  ascii(text: string): void {
    this.room(text.length);
    this.length += this.buf.write(text, this.length, 'latin1');
  }

  bytes(source: Buffer, start: number, end: number): void {
    this.room(end - start);
    this.length += source.copy(this.buf, this.length, start, end);
  }

  /** The bytes so far; the batch starts again empty. */
  take(): Buffer {
    const out = this.buf.subarray(0, this.length);
    this.buf = Buffer.allocUnsafe(BATCH_START_BYTES);
    this.length = 0;
    return out;
  }
}

/** One live instance log. */
class FileWriter extends EventEmitter implements ContainerLogWriter {
  /** Bumped on every rotation; readers reopen the current file when it changes. */
  generation = 0;
  /** Bumped on every append and rotation (readers check it before they wait). */
  changes = 0;
  /** No more writes are accepted. */
  closed = false;
  /** Everything written is on disk and the log will not change again. */
  ended = false;
  private readonly encoders = { stdout: new CriStreamEncoder('stdout'), stderr: new CriStreamEncoder('stderr') };
  private batch = new EntryBatch();
  /** Encoded bytes not yet on disk: in `batch` or in an append under way. */
  private pending = 0;
  private drainWaiters: (() => void)[] = [];
  private scheduled = false;
  private chain: Promise<void> = Promise.resolve();
  private size = 0;
  /** Rotated files of this instance on disk (`.1` ... `.rotated`). */
  private rotated = 0;

  constructor(readonly path: string, private fh: FileHandle, private readonly maxBytes: number, private readonly maxFiles: number, private readonly onError: (e: unknown) => void) {
    super();
    this.setMaxListeners(0);
  }

  write(stream: 'stdout' | 'stderr', chunk: Buffer | string): boolean {
    if (this.closed) return true;
    const before = this.batch.length;
    const now = preciseNow();
    this.encoders[stream].push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk, rfc3339Nano(now.ms, now.nanos), this.batch);
    this.pending += this.batch.length - before;
    if (this.batch.length > 0) this.schedule();
    return this.pending < HIGH_WATER_BYTES;
  }

  onDrain(listener: () => void): void {
    if (this.closed || this.pending < HIGH_WATER_BYTES) listener();
    else this.drainWaiters.push(listener);
  }

  private written(bytes: number): void {
    this.pending = Math.max(0, this.pending - bytes);
    if (this.pending >= HIGH_WATER_BYTES && !this.closed) return;
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const w of waiters) w();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.batch.length === 0) return;
      const bytes = this.batch.take();
      this.chain = this.chain.then(() => this.append(bytes)).catch(this.onError).finally(() => this.written(bytes.length));
    });
  }

  private async append(bytes: Buffer): Promise<void> {
    await this.fh.write(bytes);
    this.size += bytes.length;
    this.changes++;
    this.emit('append');
    if (this.size >= this.maxBytes) await this.rotate();
  }

  private async rotate(): Promise<void> {
    await this.fh.close();
    const keep = Math.max(0, this.maxFiles - 1);
    if (keep === 0) {
      await rm(this.path, { force: true });
    } else {
      await rm(`${this.path}.${keep}`, { force: true });
      for (let i = Math.min(this.rotated, keep - 1); i >= 1; i--) await rename(`${this.path}.${i}`, `${this.path}.${i + 1}`).catch(() => undefined);
      await rename(this.path, `${this.path}.1`);
      this.rotated = Math.min(this.rotated + 1, keep);
    }
    this.fh = await open(this.path, 'a', 0o600);
    this.size = 0;
    this.generation++;
    this.changes++;
    this.emit('rotate');
  }

  /** Runs `fn` between two writes (no append or rotation happens meanwhile). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.chain.then(fn);
    this.chain = result.then(() => undefined, () => undefined);
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return this.chain;
    const now = preciseNow();
    const time = rfc3339Nano(now.ms, now.nanos);
    for (const stream of ['stdout', 'stderr'] as const) this.encoders[stream].flush(time, this.batch);
    this.closed = true;
    const bytes = this.batch.take();
    this.chain = this.chain.then(async () => {
      if (bytes.length > 0) await this.append(bytes);
      await this.fh.close();
    }).catch(this.onError);
    this.written(Number.POSITIVE_INFINITY);
    await this.chain;
    this.ended = true;
    this.emit('close');
  }
}

/**
 * Appends `items` to `target` one by one: `push(...items)` passes every item as an argument, and
 * a log file of ten megabytes holds more lines than a call may take (a RangeError, which ended
 * the answer empty).
 */
function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

/** Entries of a text whose last line may be incomplete; returns the remainder. */
function entriesOf(text: string): { entries: LogEntry[]; rest: string } {
  const entries: LogEntry[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) break;
    const e = decodeEntry(text.slice(start, nl));
    if (e !== undefined) entries.push(e);
    start = nl + 1;
  }
  return { entries, rest: text.slice(start) };
}

async function readWhole(path: string): Promise<string> {
  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch {
    return '';
  }
  try {
    return (await fh.readFile()).toString('utf8');
  } finally {
    await fh.close();
  }
}

/** Applies sinceTime and limitBytes to a stream of entries. */
class Limiter {
  private bytes = 0;
  done = false;

  constructor(private readonly options: LogReadOptions) {}

  /** The entry to emit (possibly cut to the byte limit), or undefined to skip it. */
  take(e: LogEntry): LogEntry | undefined {
    if (this.done) return undefined;
    if (this.options.sinceTime !== undefined && parseTime(e.time) < this.options.sinceTime) return undefined;
    const limit = this.options.limitBytes;
    if (limit === undefined) return e;
    const size = Buffer.byteLength(e.content) + (e.partial ? 0 : 1);
    if (this.bytes + size <= limit) {
      this.bytes += size;
      return e;
    }
    this.done = true;
    const room = limit - this.bytes;
    if (room <= 0) return undefined;
    return { ...e, content: Buffer.from(e.content).subarray(0, room).toString('utf8'), partial: true };
  }
}

/** Creates the file-backed log store under `root`. */
export function fileContainerLogs(root: string, options: FileLogsOptions = {}, onError: (e: unknown) => void = () => undefined): ContainerLogs {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxFiles = Math.max(1, options.maxFiles ?? DEFAULT_MAX_FILES);
  const writers = new Map<string, FileWriter>();

  async function filesOf(ref: ContainerLogRef): Promise<string[]> {
    const base = join(containerDir(root, ref), `${ref.attempt}.log`);
    const out: string[] = [];
    for (let i = maxFiles - 1; i >= 1; i--) {
      try {
        await stat(`${base}.${i}`);
        out.push(`${base}.${i}`);
      } catch {
        // not rotated that far
      }
    }
    out.push(base);
    return out;
  }

  async function* stored(ref: ContainerLogRef, options: LogReadOptions): AsyncGenerator<LogEntry> {
    const limiter = new Limiter(options);
    let entries: LogEntry[] = [];
    const files = await filesOf(ref);
    if (options.tailLines === undefined) {
      for (const f of files) appendAll(entries, entriesOf(await readWhole(f)).entries);
    } else {
      // Newest file first, and no older file than the last lines need.
      const wanted = Math.max(0, options.tailLines);
      const newestFirst: LogEntry[][] = [];
      let count = 0;
      for (let i = files.length - 1; i >= 0 && count < wanted; i--) {
        const part = entriesOf(await readWhole(files[i] as string)).entries;
        newestFirst.push(part);
        count += part.length;
      }
      for (let i = newestFirst.length - 1; i >= 0; i--) appendAll(entries, newestFirst[i] as LogEntry[]);
      entries = wanted === 0 ? [] : entries.slice(-wanted);
    }
    for (const e of entries) {
      const t = limiter.take(e);
      if (t !== undefined) yield t;
      if (limiter.done) return;
    }
  }

  async function* follow(ref: ContainerLogRef, options: LogReadOptions, signal: AbortSignal): AsyncGenerator<LogEntry> {
    const writer = writers.get(keyOf(ref));
    if (writer === undefined || writer.ended) {
      yield* stored(ref, options);
      return;
    }
    // The current file and the rotated ones, seen between two writes so that nothing is lost or doubled.
    let generation = 0;
    let fh: FileHandle | undefined;
    let backlog: LogEntry[] = [];
    await writer.exclusive(async () => {
      generation = writer.generation;
      fh = await open(writer.path, 'r').catch(() => undefined);
      for (const f of (await filesOf(ref)).slice(0, -1)) appendAll(backlog, entriesOf(await readWhole(f)).entries);
    });
    const limiter = new Limiter(options);
    let position = 0;
    let rest = '';
    const readMore = async (): Promise<LogEntry[]> => {
      if (fh === undefined) return [];
      const out: LogEntry[] = [];
      const buf = Buffer.alloc(READ_CHUNK);
      for (;;) {
        const { bytesRead } = await fh.read(buf, 0, buf.length, position);
        if (bytesRead === 0) break;
        position += bytesRead;
        const parsed = entriesOf(rest + buf.subarray(0, bytesRead).toString('utf8'));
        rest = parsed.rest;
        appendAll(out, parsed.entries);
      }
      return out;
    };
    appendAll(backlog, await readMore());
    if (options.tailLines !== undefined) backlog = options.tailLines <= 0 ? [] : backlog.slice(-options.tailLines);
    try {
      for (const e of backlog) {
        const t = limiter.take(e);
        if (t !== undefined) yield t;
        if (limiter.done) return;
      }
      while (!signal.aborted) {
        const wasEnded = writer.ended;
        const changes = writer.changes;
        for (const e of await readMore()) {
          const t = limiter.take(e);
          if (t !== undefined) yield t;
          if (limiter.done) return;
        }
        if (writer.generation !== generation) {
          // The file behind the open handle was rotated and is drained. Files rotated after it
          // (`.k-1` ... `.1` after k rotations) come next, then the current one.
          await fh?.close();
          const between: LogEntry[] = [];
          await writer.exclusive(async () => {
            const jumped = writer.generation - generation;
            generation = writer.generation;
            for (let i = jumped - 1; i >= 1; i--) appendAll(between, entriesOf(await readWhole(`${writer.path}.${i}`)).entries);
            fh = await open(writer.path, 'r').catch(() => undefined);
          });
          position = 0;
          rest = '';
          for (const e of between) {
            const t = limiter.take(e);
            if (t !== undefined) yield t;
            if (limiter.done) return;
          }
          continue;
        }
        if (wasEnded) return;
        if (writer.changes !== changes) continue;
        await new Promise<void>((resolve) => {
          const done = (): void => {
            writer.off('append', done);
            writer.off('rotate', done);
            writer.off('close', done);
            signal.removeEventListener('abort', done);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(done, 1000);
          writer.on('append', done);
          writer.on('rotate', done);
          writer.on('close', done);
          signal.addEventListener('abort', done, { once: true });
        });
      }
    } finally {
      await fh?.close();
    }
  }

  return {
    async open(ref) {
      const dir = containerDir(root, ref);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        const m = /^(\d+)\.log(?:\.\d+)?$/.exec(name);
        if (m !== null && Number(m[1]) < ref.attempt - 1) await rm(join(dir, name), { force: true });
      }
      const path = join(dir, `${ref.attempt}.log`);
      const fh = await open(path, 'a', 0o600);
      const key = keyOf(ref);
      const writer = new FileWriter(path, fh, maxBytes, maxFiles, onError);
      writers.set(key, writer);
      writer.once('close', () => {
        if (writers.get(key) === writer) writers.delete(key);
      });
      return writer;
    },
    read: (ref, options = {}) => stored(ref, options),
    follow,
    async lastAttempt(ref) {
      let best: number | undefined;
      for (const name of await readdir(containerDir(root, ref)).catch(() => [] as string[])) {
        const m = /^(\d+)\.log$/.exec(name);
        if (m !== null) best = Math.max(best ?? 0, Number(m[1]));
      }
      return best;
    },
    async removePod(namespace, podName, podUid) {
      for (const [key, w] of writers) if (key.startsWith(`${podUid}/`)) await w.close();
      await rm(podDir(root, namespace, podName, podUid), { recursive: true, force: true });
    },
    async close() {
      await Promise.all([...writers.values()].map((w) => w.close()));
    },
  };
}
