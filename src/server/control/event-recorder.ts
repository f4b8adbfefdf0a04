/**
 * The event recorder the scheduler, the node agent and the controllers report through: core/v1
 * Events written as a real cluster's components write them (client-go's legacy recorder).
 *
 * - An event identical to one already recorded (same source, object, type, reason and message)
 *   is not written again: the existing Event gets `count + 1` and a new `lastTimestamp`.
 * - More than {@link SIMILAR_EVENT_LIMIT} events that differ only in their message within
 *   {@link SIMILAR_EVENT_WINDOW_MS} collapse into one Event whose message starts with
 *   `(combined from similar events): `, as client-go's aggregator does, so a flapping object cannot
 *   flood the store.
 * - Writes are queued and never block or fail the caller: a lost event is logged, not thrown.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import { timestamp } from '../util/time.js';
import { InternalClient } from './client.js';
import type { ResourceDef } from '../registry/types.js';
import { asObject, asString, nameOf, namespaceOf } from '../util/json.js';

/** Events of this many different messages for one object and reason are combined. */
export const SIMILAR_EVENT_LIMIT = 10;
/** The window in which similar events are counted. */
export const SIMILAR_EVENT_WINDOW_MS = 10 * 60_000;
/** How many correlation entries the recorder remembers (client-go's cache size). */
const CACHE_SIZE = 4096;

/** Who reports an event: `source.component` / `reportingComponent`, and the host. */
export interface EventSource {
  component: string;
  host?: string;
}

/** The object an event is about (core/v1 ObjectReference). */
export interface InvolvedObject {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  /** A part of the object, e.g. `spec.containers{web}`. */
  fieldPath?: string;
}

/** Normal or Warning, as the API fixes them. */
export type EventType = 'Normal' | 'Warning';

interface Recorded {
  name: string;
  namespace: string;
  count: number;
  firstTimestamp: string;
}

interface SimilarWindow {
  messages: Set<string>;
  since: number;
}

/** Builds the reference of a stored object (of any kind, custom resources too: read untyped). */
export function referenceTo(obj: JsonObject, fieldPath?: string): InvolvedObject {
  const meta = asObject(obj.metadata) ?? {};
  const ref: InvolvedObject = { apiVersion: asString(obj.apiVersion) ?? 'v1', kind: asString(obj.kind) ?? '', name: nameOf(obj) };
  const namespace = namespaceOf(obj);
  if (namespace !== '') ref.namespace = namespace;
  const uid = asString(meta.uid);
  if (uid !== undefined) ref.uid = uid;
  const rv = asString(meta.resourceVersion);
  if (rv !== undefined) ref.resourceVersion = rv;
  if (fieldPath !== undefined) ref.fieldPath = fieldPath;
  return ref;
}

/** A small insertion-ordered cache that forgets its oldest entries. */
class BoundedMap<V> extends Map<string, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: string, value: V): this {
    if (this.has(key)) this.delete(key);
    super.set(key, value);
    if (this.size > this.limit) {
      const oldest = this.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    return this;
  }
}

/** Records events for one component. */
export class EventRecorder {
  private readonly client: InternalClient;
  private readonly def: ResourceDef;
  private readonly recorded = new BoundedMap<Recorded>(CACHE_SIZE);
  private readonly similar = new BoundedMap<SimilarWindow>(CACHE_SIZE);
  private pending: Promise<void> = Promise.resolve();
  private sequence = 0;

  constructor(private readonly ctx: ServerContext, private readonly source: EventSource) {
    this.client = new InternalClient(ctx, source.component, source.component);
    // Untyped: the recorder's Events hold `eventTime: null`, as client-go writes them (see registry/kind-def.ts).
    this.def = ctx.registry.served('', 'v1', 'events');
  }

  /** Records an event about `object` (a stored object or a reference); returns at once. */
  event(object: JsonObject | InvolvedObject, type: EventType, reason: string, message: string, fieldPath?: string): void {
    const ref = isReference(object) ? object : referenceTo(object, fieldPath);
    const now = this.ctx.now();
    this.pending = this.pending
      .then(() => this.write(ref, type, reason, message, now))
      .catch((e: unknown) => this.ctx.log(`event recorder ${this.source.component}: ${reason} ${ref.kind}/${ref.name}: ${e instanceof Error ? e.message : String(e)}`));
  }

  /** Resolves when every event recorded so far has been written (for tests and shutdown). */
  flush(): Promise<void> {
    return this.pending;
  }

  private async write(ref: InvolvedObject, type: EventType, reason: string, message: string, now: number): Promise<void> {
    const objectKey = [this.source.component, this.source.host ?? '', ref.apiVersion, ref.kind, ref.namespace ?? '', ref.name, ref.uid ?? '', ref.fieldPath ?? '', type, reason].join('\u0000');
    const text = this.aggregate(objectKey, message, now);
    const key = `${objectKey}\u0000${text}`;
    const stamp = timestamp(now);
    const seen = this.recorded.get(key);
    if (seen !== undefined) {
      const updated = await this.client.update(this.def, seen.namespace, seen.name, (ev) => {
        ev.count = seen.count + 1;
        ev.lastTimestamp = stamp;
        return true;
      });
      if (updated !== undefined) {
        this.recorded.set(key, { ...seen, count: seen.count + 1 });
        return;
      }
      // The Event expired or was deleted: record it afresh.
    }
    const namespace = ref.namespace ?? 'default';
    const name = `${ref.name}.${eventSuffix(now, this.sequence++)}`;
    const involvedObject: JsonObject = Object.fromEntries(Object.entries(ref).filter(([, v]) => v !== undefined));
    const event: JsonObject = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace },
      involvedObject,
      reason,
      message: text,
      source: this.source.host === undefined ? { component: this.source.component } : { component: this.source.component, host: this.source.host },
      firstTimestamp: stamp,
      lastTimestamp: stamp,
      count: 1,
      type,
      eventTime: null,
      reportingComponent: this.source.component,
      reportingInstance: this.source.host ?? '',
    };
    await this.client.createIfMissing(this.def, namespace, event);
    this.recorded.set(key, { name, namespace, count: 1, firstTimestamp: stamp });
  }

  /** Returns the message to record: the original, or the combined form once similar ones pile up. */
  private aggregate(objectKey: string, message: string, now: number): string {
    let window = this.similar.get(objectKey);
    if (window === undefined || now - window.since > SIMILAR_EVENT_WINDOW_MS) {
      window = { messages: new Set(), since: now };
    }
    window.messages.add(message);
    this.similar.set(objectKey, window);
    return window.messages.size > SIMILAR_EVENT_LIMIT ? `(combined from similar events): ${message}` : message;
  }
}

function isReference(v: JsonObject | InvolvedObject): v is InvolvedObject {
  return !('metadata' in v);
}

/**
 * client-go names events `<object>.<unix nanoseconds in hex>`; a sequence number keeps two events
 * of the same millisecond apart.
 */
function eventSuffix(nowMs: number, sequence: number): string {
  return (BigInt(nowMs) * 1_000_000n + BigInt(sequence % 1_000_000)).toString(16);
}
