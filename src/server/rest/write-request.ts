/**
 * What the write path needs to know about one mutating request, and the per-request hook
 * context with its rollback steps (allocations undone when the write does not persist).
 */
import type { RequestRecord } from '../audit/request-scope.js';
import type { JsonObject, KubeObject } from '../../sdk/types/meta.js';
import type { UserInfo } from '../request/user.js';
import type { ServerContext } from '../context.js';
import type { HookContext, ResourceDef } from '../registry/types.js';

/** One mutating request. */
export interface WriteRequest {
  def: ResourceDef;
  namespace: string;
  name: string;
  subresource: string;
  user: UserInfo;
  /** `dryRun=All`. */
  dryRun: boolean;
  /** Field manager from the query (or derived from the user agent). */
  fieldManager: string;
  /** Create/Update/Patch/DeleteOptions as admission sees them. */
  options: JsonObject;
  /** Warnings and audit annotations of the HTTP request; absent for writes of controllers. */
  record?: RequestRecord;
}

/** A hook context plus the rollback steps it collected. */
export interface WriteHookContext extends HookContext {
  rollback(): void;
}

/** Creates the hook context of one request. */
export function hookContext(ctx: ServerContext, req: WriteRequest): WriteHookContext {
  const undo: (() => void)[] = [];
  return {
    user: req.user,
    now: ctx.now(),
    dryRun: req.dryRun,
    allocator: ctx.allocator,
    onRollback(step: () => void): void {
      undo.push(step);
    },
    rollback(): void {
      while (undo.length > 0) {
        const step = undo.pop();
        try {
          step?.();
        } catch {
          // Undo steps release in-memory reservations and cannot meaningfully fail.
        }
      }
    },
  };
}

/** A JSON object seen as a KubeObject (the merge engines' type). */
export function asKube(obj: JsonObject): KubeObject {
  return obj as unknown as KubeObject;
}

/** A KubeObject seen as a JSON object. */
export function fromKube(obj: KubeObject): JsonObject {
  return obj as unknown as JsonObject;
}
