/**
 * The one error the patch engines throw. Its kind says how the Kubernetes API server classes the
 * failure, so that the local server can answer with the same status and the client can report it
 * in its own terms, without either knowing which engine failed.
 */

/**
 * - `malformed`: the body is not a patch of its type (the API server answers 400 Bad Request);
 * - `too-large`: more operations than the API server takes (413);
 * - `not-applicable`: the patch does not apply to the document, a failed JSON patch `test` among
 *   others (422, with the API server's generic message and this text as the cause);
 * - `internal`: an error apimachinery does not class (a reason-less 500 with this text).
 */
export type PatchFailureKind = 'malformed' | 'too-large' | 'not-applicable' | 'internal';

/** A patch that cannot be applied (or, for the patch builders, computed). */
export class PatchFailure extends Error {
  override name = 'PatchFailure';
  readonly kind: PatchFailureKind;

  constructor(kind: PatchFailureKind, message: string) {
    super(message);
    this.kind = kind;
  }
}
