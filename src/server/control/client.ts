/**
 * The in-process client controllers use: the same REST operations as HTTP requests (admission,
 * validation, field ownership), as a system user with its own field manager.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { systemUser, type UserInfo } from '../request/user.js';
import type { ServerContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { ResourceDef } from '../registry/types.js';
import { createObject } from '../rest/create.js';
import { deleteObject, type DeleteParams, type DeleteResult } from '../rest/delete.js';
import { findObject } from '../rest/get.js';
import { namespacePrefix, fromStorage } from '../rest/keys.js';
import { trackUpdate } from '../rest/managed-fields.js';
import { updateObject } from '../rest/update.js';
import type { WriteRequest } from '../rest/write-request.js';
import { storedAs, type AnyDef } from '../registry/kind-def.js';

/** A client bound to one identity: a controller's system user, or a given user. */
export class InternalClient {
  /** The user every write runs as (admission and authorization see it). */
  readonly user: UserInfo;

  constructor(private readonly ctx: ServerContext, identity: string | UserInfo, private readonly manager = 'platform-controller-manager') {
    this.user = typeof identity === 'string' ? systemUser(identity) : identity;
  }

  private request(def: ResourceDef, namespace: string, name: string, subresource = ''): WriteRequest {
    return {
      def, namespace: def.namespaced ? namespace : '', name, subresource, user: this.user, dryRun: false,
      fieldManager: this.manager, options: {},
    };
  }

  /** Reads one object. */
  async get<T extends JsonObject = JsonObject>(def: AnyDef<T>, namespace: string, name: string): Promise<T | undefined> {
    const obj = await findObject(this.ctx, def, def.namespaced ? namespace : '', name);
    return obj === undefined ? undefined : storedAs(def, obj);
  }

  /** Lists every object of a kind (in one namespace, or all). */
  async list<T extends JsonObject = JsonObject>(def: AnyDef<T>, namespace = ''): Promise<T[]> {
    const prefix = namespacePrefix(def, namespace);
    const r = await this.ctx.store.list(def.bucket, prefix === undefined ? {} : { keyPrefix: prefix });
    return r.items.map((e) => storedAs(def, fromStorage(def, e.value)));
  }

  /** Creates an object (every refusal, a name conflict included, is thrown). */
  async create<T extends JsonObject = JsonObject>(def: AnyDef<T>, namespace: string, obj: T): Promise<T> {
    return storedAs(def, await createObject(this.ctx, this.request(def, namespace, ''), structuredClone(obj)));
  }

  /** Creates an object; an existing one is not an error (returns undefined). */
  async createIfMissing<T extends JsonObject = JsonObject>(def: AnyDef<T>, namespace: string, obj: T): Promise<T | undefined> {
    try {
      return storedAs(def, await createObject(this.ctx, this.request(def, namespace, ''), structuredClone(obj)));
    } catch (e) {
      if (e instanceof ApiError && e.code === 409) return undefined;
      throw e;
    }
  }

  /**
   * Changes an object with `mutate` (return false to leave it as it is). Missing objects are
   * ignored. Retries on conflicts with the fresh object.
   */
  async update<T extends JsonObject = JsonObject>(def: AnyDef<T>, namespace: string, name: string, mutate: (obj: T) => boolean, subresource = ''): Promise<T | undefined> {
    const req = this.request(def, namespace, name, subresource);
    try {
      const r = await updateObject(this.ctx, req, {
        allowCreate: false,
        transform: (existing) => {
          if (existing === undefined) throw new ApiError(404, 'NotFound', 'gone');
          const next = structuredClone(existing);
          if (!mutate(storedAs(def, next))) return existing;
          // As on every write through the API, the changed object is defaulted.
          if (subresource === '') def.hooks.defaults?.(next);
          return trackUpdate(req, existing, next, this.ctx.now());
        },
      });
      return storedAs(def, r.object);
    } catch (e) {
      if (e instanceof ApiError && e.code === 404) return undefined;
      throw e;
    }
  }

  /** Deletes an object; a missing one is not an error. */
  async delete(def: ResourceDef, namespace: string, name: string, params: DeleteParams = {}): Promise<DeleteResult | undefined> {
    try {
      return await deleteObject(this.ctx, this.request(def, namespace, name), params);
    } catch (e) {
      if (e instanceof ApiError && e.code === 404) return undefined;
      throw e;
    }
  }
}
