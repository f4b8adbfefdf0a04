/**
 * Writes of the authorization machinery itself (the bootstrap policy, role aggregation). They run
 * the normal write path as `system:apiserver` in `system:masters`, the identity kube-apiserver's
 * own loopback client has, so that escalation prevention lets them through under every mode.
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { ServerContext } from '../../context.js';
import { InternalClient } from '../../control/client.js';
import type { AnyDef } from '../../registry/kind-def.js';
import { MASTERS_GROUP, type UserInfo } from '../../request/user.js';

const APISERVER_USER: UserInfo = { username: 'system:apiserver', groups: [MASTERS_GROUP, 'system:authenticated'] };

/** A writer bound to one field manager. */
export class PolicyWriter {
  private readonly client: InternalClient;

  constructor(ctx: ServerContext, manager: string) {
    this.client = new InternalClient(ctx, APISERVER_USER, manager);
  }

  /** Creates an object; an existing one is left alone (returns false). */
  async createIfMissing<T extends JsonObject>(def: AnyDef<T>, namespace: string, obj: T): Promise<boolean> {
    return (await this.client.createIfMissing(def, namespace, obj)) !== undefined;
  }

  /** Changes an object with `mutate` (return false to keep it; typed when the def is); a missing object is ignored. */
  async update<T extends JsonObject>(def: AnyDef<T>, namespace: string, name: string, mutate: (obj: T) => boolean): Promise<void> {
    await this.client.update(def, namespace, name, mutate);
  }
}
