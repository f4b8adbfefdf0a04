/**
 * The admission stage: after authorization and before validation and persistence, mutating
 * plugins may change the object, then validating plugins may refuse it. Built-in plugins run now;
 * webhooks plug in as further plugins of the same interface.
 */
import type { RequestRecord } from '../audit/request-scope.js';
import type { JsonObject } from '../../sdk/types/meta.js';
import type { UserInfo } from '../request/user.js';
import type { ResourceDef } from '../registry/types.js';

/** The operation being admitted. */
export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** What admission plugins see of a request. */
export interface AdmissionAttributes {
  operation: AdmissionOperation;
  def: ResourceDef;
  subresource: string;
  namespace: string;
  name: string;
  /** The new object (mutable during the mutating phase); undefined for DELETE. */
  object: JsonObject | undefined;
  /** The stored object for UPDATE and DELETE. */
  oldObject: JsonObject | undefined;
  user: UserInfo;
  dryRun: boolean;
  /** CreateOptions, UpdateOptions or DeleteOptions as sent. */
  options: JsonObject;
  /** The request's warnings and audit annotations; absent for writes of controllers. */
  record?: RequestRecord;
}

/** One admission plugin. Throw an ApiError to refuse. */
export interface AdmissionPlugin {
  name: string;
  /** Mutating phase (may change `attrs.object`). */
  admit?(attrs: AdmissionAttributes): Promise<void> | void;
  /** Validating phase (must not change anything). */
  validate?(attrs: AdmissionAttributes): Promise<void> | void;
}
