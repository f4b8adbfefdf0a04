/**
 * Writes of the certificate controllers to the `approval` and `status` sub-resources, under
 * identities admission recognises by reference (so no request from outside can pose as them).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { UserInfo } from '../request/user.js';
import type { ServerContext } from '../context.js';
import { InternalClient } from '../control/client.js';
import type { AnyDef } from '../registry/kind-def.js';

const controllerUsers = new WeakSet<UserInfo>();

/** True for the users of this module's controllers (identity by reference). */
export function isCertificateController(user: UserInfo): boolean {
  return controllerUsers.has(user);
}

/** A writer bound to one controller identity (the objects are typed when the def is). */
export class CsrWriter<T extends JsonObject = JsonObject> {
  private readonly client: InternalClient;

  constructor(ctx: ServerContext, private readonly def: AnyDef<T>, controller: string) {
    this.client = new InternalClient(ctx, controller);
    controllerUsers.add(this.client.user);
  }

  /** Applies `mutate` to the stored request through `subresource`; false leaves it. Missing is ignored. */
  update(name: string, subresource: 'approval' | 'status', mutate: (csr: T) => boolean): Promise<T | undefined> {
    return this.client.update(this.def, '', name, mutate, subresource);
  }
}
