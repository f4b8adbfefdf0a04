/**
 * Writes of the authorization machinery itself (the bootstrap policy, role aggregation). They run
 * the normal write path as `system:apiserver` in `system:masters`, the identity kube-apiserver's
 * own loopback client has, so that escalation prevention lets them through under any mode.
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import type { ResourceDef } from '../../registry/types.js';
import { createObject } from '../../rest/create.js';
import { trackUpdate } from '../../rest/managed-fields.js';
import { updateObject } from '../../rest/update.js';
import type { WriteRequest } from '../../rest/write-request.js';
import { MASTERS_GROUP, type UserInfo } from '../user.js';

const APISERVER_USER: UserInfo = { username: 'system:apiserver', groups: [MASTERS_GROUP, 'system:authenticated'] };

/** A writer bound to one field manager. */
export class PolicyWriter {
  constructor(private readonly ctx: ServerContext, private readonly manager: string) {}

  private request(def: ResourceDef, namespace: string, name: string): WriteRequest {
    return {
      def, namespace: def.namespaced ? namespace : '', name, subresource: '', user: APISERVER_USER, userAgent: this.manager, dryRun: false,
      fieldManager: this.manager, options: {},
    };
  }

  /** Creates an object; an existing one is left alone (returns false). */
  async createIfMissing(def: ResourceDef, namespace: string, obj: JsonObject): Promise<boolean> {
    try {
      await createObject(this.ctx, this.request(def, namespace, ''), structuredClone(obj));
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.code === 409) return false;
      throw e;
    }
  }

  /** Changes an object with `mutate` (return false to keep it); a missing object is ignored. */
  async update(def: ResourceDef, namespace: string, name: string, mutate: (obj: JsonObject) => boolean): Promise<void> {
    const req = this.request(def, namespace, name);
    try {
      await updateObject(this.ctx, req, {
        allowCreate: false,
        transform: (existing) => {
          if (existing === undefined) throw new ApiError(404, 'NotFound', 'gone');
          const next = structuredClone(existing);
          if (!mutate(next)) return existing;
          return trackUpdate(req, existing, next, this.ctx.now());
        },
      });
    } catch (e) {
      if (e instanceof ApiError && e.code === 404) return;
      throw e;
    }
  }
}
