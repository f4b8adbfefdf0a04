/**
 * What each controller is built from: the server context, its clock, the shared informers, a
 * client writing as the controller's service account (or system user), and an event recorder
 * reporting as the controller's component.
 */
import type { ServerContext } from '../context.js';
import type { JsonObject } from '../../sdk/types/meta.js';
import { EventRecorder } from './event-recorder.js';
import type { ResourceDef } from '../registry/types.js';
import { InternalClient } from './client.js';
import { realClock, type ControllerClock } from './clock.js';
import type { Informer } from '../feed/informer.js';
import type { BuiltinApiVersion, BuiltinKind, BuiltinObject, KindDef } from '../registry/kind-def.js';
import type { SharedInformers } from '../feed/shared-informers.js';

/** Options every controller takes. */
export interface WorkloadOptions {
  /** Time and timers (default: the server's clock with Node's timers). */
  clock?: ControllerClock;
  /** Keys reconciled at the same time. */
  workers?: number;
}

/** The parts of one controller. */
export class ControllerKit {
  readonly clock: ControllerClock;
  readonly informers: SharedInformers;
  readonly client: InternalClient;
  readonly recorder: EventRecorder;

  constructor(readonly ctx: ServerContext, readonly component: string, options: WorkloadOptions = {}, serviceAccount = component) {
    this.clock = options.clock ?? realClock(ctx.now);
    this.informers = ctx.informers;
    this.client = new InternalClient(ctx, serviceAccount, 'platform-controller-manager');
    this.recorder = new EventRecorder(ctx, { component });
  }

  /** A served resource's def (throws when it is not served). */
  def(group: string, version: string, plural: string): ResourceDef {
    return this.ctx.registry.served(group, version, plural);
  }

  /** A built-in kind's def, which carries its objects' type (throws when it is not served). */
  kind<V extends BuiltinApiVersion, K extends BuiltinKind<V>>(apiVersion: V, kind: K): KindDef<BuiltinObject<V, K>> {
    return this.ctx.registry.kind(apiVersion, kind);
  }

  /** The shared informer of a def, typed as the def is. */
  informerOf<T extends JsonObject>(def: KindDef<T>): Informer<T> {
    return this.informers.informerFor(def);
  }

  /** The current time in ms. */
  now(): number {
    return this.clock.now();
  }
}

/** The message of a thrown value. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
