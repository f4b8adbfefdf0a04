/**
 * Finds containers that listen on all addresses (`0.0.0.0`, `::`), where the runtime can tell
 * (the process runtime on Linux: pods share the machine's network, each with an address of its
 * own, so such a listener takes its port from every pod and a second replica of the same program
 * crashes with "address already in use"). The agent tells the user with a `BindsAllAddresses`
 * event, once per container instance, and explains a crash with "address already in use" on the
 * pod that crashed.
 *
 * Cost: a container is looked at a few times after it starts (programs listen within moments of
 * starting; a slow one within a minute or so), and the checks of containers that start together
 * are batched into one scan. A scan reads `/proc/net/tcp` and `/proc/net/tcp6` (small); only when
 * some socket listens on all addresses does it read the process table and the descriptors of the
 * containers being checked. A running container is not looked at again afterwards, except when
 * another container crashes with "address already in use".
 */
import type { LogEntry } from '../logs/cri-format.js';
import type { WildcardListener } from '../runtime/runtime.js';

/** When a container is looked at, after it started (ms). */
export const CHECK_DELAYS_MS = [1000, 3000, 10_000, 30_000, 90_000];
/** Checks due within this window of each other run in one scan. */
const BATCH_MS = 1000;

/** The event reason on a pod whose container listens on all addresses. */
export const BINDS_ALL_ADDRESSES = 'BindsAllAddresses';
/** The event reason on a pod whose container crashed because another pod holds its port on all addresses. */
export const ADDRESS_IN_USE = 'AddressInUse';

/** The container an instance belongs to. */
export interface ListenerOwner {
  podUid: string;
  /** The container's name in the pod spec. */
  name: string;
}

/** What the checks need. */
export interface ListenerCheckDeps {
  /** The runtime's scan (listeners of running containers by id). */
  scan(ids: string[]): Promise<Map<string, WildcardListener[]>>;
  /** A container instance was found listening on all addresses (called once per instance). */
  found(id: string, owner: ListenerOwner, listeners: WildcardListener[]): void;
  now(): number;
  log(line: string): void;
}

interface Watched {
  owner: ListenerOwner;
  /** The times of the checks still to come, earliest first. */
  due: number[];
}

/** The checks of one node. */
export class WildcardListenerChecks {
  private readonly watched = new Map<string, Watched>();
  /** Instances already reported (until they exit). */
  private readonly reported = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** When the timer fires. */
  private armedFor = Infinity;
  private scanning: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly deps: ListenerCheckDeps) {}

  /** A container instance started: look at it a few times from now. */
  started(id: string, owner: ListenerOwner): void {
    if (this.stopped) return;
    const now = this.deps.now();
    this.watched.set(id, { owner, due: CHECK_DELAYS_MS.map((d) => now + d) });
    this.arm();
  }

  /** A container instance exited. */
  exited(id: string): void {
    this.watched.delete(id);
    this.reported.delete(id);
  }

  /**
   * Scans the running instances `ids` now (reporting those not reported yet); resolves with every
   * listener found, reported before or not.
   */
  scanNow(ids: Map<string, ListenerOwner>): Promise<Map<string, WildcardListener[]>> {
    const run = this.scanning.then(() => this.scan(ids));
    this.scanning = run.catch(() => undefined);
    return run;
  }

  /** Stops the timer; scans in flight finish. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.watched.clear();
  }

  /** Resolves when no scan runs (tests). */
  async idle(): Promise<void> {
    await this.scanning;
  }

  private arm(): void {
    if (this.stopped) return;
    let next = Infinity;
    for (const w of this.watched.values()) next = Math.min(next, w.due[0] ?? Infinity);
    if (next === Infinity || (this.timer !== undefined && this.armedFor <= next)) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.armedFor = next;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.scanDue().finally(() => this.arm());
    }, Math.max(0, next - this.deps.now()));
    this.timer.unref();
  }

  private async scanDue(): Promise<void> {
    const horizon = this.deps.now() + BATCH_MS;
    const ids = new Map<string, ListenerOwner>();
    for (const [id, w] of this.watched) {
      if ((w.due[0] ?? Infinity) > horizon) continue;
      while ((w.due[0] ?? Infinity) <= horizon) w.due.shift();
      if (w.due.length === 0) this.watched.delete(id);
      ids.set(id, w.owner);
    }
    if (ids.size > 0) await this.scanNow(ids).catch((e: unknown) => this.deps.log(`node agent: looking for listeners on all addresses: ${e instanceof Error ? e.message : String(e)}`));
  }

  private async scan(ids: Map<string, ListenerOwner>): Promise<Map<string, WildcardListener[]>> {
    const found = await this.deps.scan([...ids.keys()]);
    for (const [id, listeners] of found) {
      const owner = ids.get(id);
      if (owner === undefined || this.reported.has(id) || this.stopped) continue;
      this.reported.add(id);
      // Reported once: no need to look at it again.
      this.watched.delete(id);
      this.deps.found(id, owner, listeners);
    }
    return found;
  }
}

/** How a listener is written in messages: `0.0.0.0:8080`, `[::]:8080`. */
export function formatListener(l: WildcardListener): string {
  return l.address.includes(':') ? `[${l.address}]:${l.port}` : `${l.address}:${l.port}`;
}

/** `[::]:8080` or `0.0.0.0:8080 and [::]:9090`. */
function listOf(listeners: readonly WildcardListener[]): string {
  const all = listeners.map(formatListener);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all.at(-1) ?? ''}`;
}

function portsOf(listeners: readonly WildcardListener[]): string {
  const ports = [...new Set(listeners.map((l) => l.port))];
  return ports.length === 1 ? `port ${ports[0] ?? ''}` : `ports ${ports.join(', ')}`;
}

/** How to listen on the pod's address instead, for both messages. */
const LISTEN_ON_POD_IP = 'listen on the pod\'s IP instead (status.podIP): for example set an env var POD_IP from the downward API (env: [{name: POD_IP, valueFrom: {fieldRef: {fieldPath: status.podIP}}}]) and listen on $POD_IP';

/** The message of the `BindsAllAddresses` event. */
export function bindsAllAddressesMessage(container: string, listeners: readonly WildcardListener[], podIP: string | undefined): string {
  const ip = podIP === undefined ? '' : `, here ${podIP}`;
  return `Container ${container} listens on all addresses (${listOf(listeners)}): pods on this node are processes sharing the machine's network, so this takes ${portsOf(listeners)} for every pod on this node, and another pod listening on it fails with "address already in use". ${capitalize(LISTEN_ON_POD_IP.replace('(status.podIP)', `(status.podIP${ip})`))}.`;
}

/** The message of the `AddressInUse` event on a pod whose container crashed for a port another pod holds. */
export function addressInUseMessage(container: string, holders: readonly { pod: string; container: string; listeners: readonly WildcardListener[] }[]): string {
  const who = holders.map((h) => `pod ${h.pod} (container ${h.container}) listens on all addresses (${listOf(h.listeners)}), which takes ${portsOf(h.listeners)} for every pod on this node`).join('; ');
  return `Container ${container} exited with "address already in use": ${who}. Each program must ${LISTEN_ON_POD_IP}.`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Lines of a program's output that say a port was in use. */
const ADDRESS_IN_USE_TEXT = /EADDRINUSE|address already in use/i;

/**
 * Whether the last log lines of a crashed instance say that a port was in use, and which port
 * when they name it (`listen EADDRINUSE: address already in use :::8080`); undefined when they
 * do not say so.
 */
export function addressInUseIn(entries: readonly LogEntry[]): { port: number | undefined } | undefined {
  const lines = entries.map((e) => e.content).filter((l) => ADDRESS_IN_USE_TEXT.test(l));
  if (lines.length === 0) return undefined;
  for (const line of lines) {
    // Node.js: `listen EADDRINUSE: address already in use :::8080`; Go: `listen tcp :8080: bind: address already in use`.
    const m = /address already in use\s+\S*:(\d{1,5})\b/i.exec(line) ?? /listen tcp\d?\s+\S*:(\d{1,5}):\s*bind/i.exec(line);
    const port = m?.[1] === undefined ? undefined : Number(m[1]);
    if (port !== undefined && port > 0 && port < 65536) return { port };
  }
  return { port: undefined };
}
