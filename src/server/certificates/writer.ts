/**
 * Writes of the certificate controllers to the `approval` and `status` sub-resources, under
 * identities admission recognises by reference (so no request from outside can pose as them).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { systemUser, type UserInfo } from '../auth/user.js';
import type { ServerContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { ResourceDef } from '../registry/types.js';
import { trackUpdate } from '../rest/managed-fields.js';
import { updateObject } from '../rest/update.js';
import type { WriteRequest } from '../rest/write-request.js';

const MANAGER = 'platform-controller-manager';
const controllerUsers = new WeakSet<UserInfo>();

/** True for the users of this module's controllers (identity by reference). */
export function isCertificateController(user: UserInfo): boolean {
  return controllerUsers.has(user);
}

/** A writer bound to one controller identity. */
export class CsrWriter {
  private readonly user: UserInfo;

  constructor(private readonly ctx: ServerContext, private readonly def: ResourceDef, controller: string) {
    this.user = systemUser(controller);
    controllerUsers.add(this.user);
  }

  /** Applies `mutate` to the stored request through `subresource`; false leaves it. Missing is ignored. */
  async update(name: string, subresource: 'approval' | 'status', mutate: (csr: JsonObject) => boolean): Promise<JsonObject | undefined> {
    const req: WriteRequest = {
      def: this.def, namespace: '', name, subresource, user: this.user, userAgent: MANAGER, dryRun: false, fieldManager: MANAGER, options: {},
    };
    try {
      const r = await updateObject(this.ctx, req, {
        allowCreate: false,
        transform: (existing) => {
          if (existing === undefined) throw new ApiError(404, 'NotFound', 'gone');
          const next = structuredClone(existing);
          if (!mutate(next)) return existing;
          return trackUpdate(req, existing, next, this.ctx.now());
        },
      });
      return r.object;
    } catch (e) {
      if (e instanceof ApiError && e.code === 404) return undefined;
      throw e;
    }
  }
}
