/**
 * The server's internal change feed: the write path publishes each persisted change before the
 * write returns, and the informers and controllers subscribe to it. A listener that throws is
 * logged and the others still hear the change.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ResourceDef } from '../registry/types.js';

/** One persisted change, as the internal change feed reports it. */
export interface WriteEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  def: ResourceDef;
  object: JsonObject;
  old?: JsonObject;
}

/** Listeners of persisted changes. */
export class ChangeFeed {
  private readonly listeners = new Set<(e: WriteEvent) => void>();

  constructor(private readonly log: (line: string) => void) {}

  /** Subscribes to persisted changes of every kind; returns an unsubscribe function. */
  onWrite(listener: (event: WriteEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Publishes a persisted change to every listener. */
  emit(event: WriteEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (e) {
        this.log(`change listener failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
}
