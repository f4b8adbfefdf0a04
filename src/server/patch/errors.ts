/**
 * The error a patch request fails with: it carries the HTTP status code and Status reason the
 * Kubernetes API server answers with for the same failure, so the request handler can turn it into
 * a Status without knowing which engine failed. The engines (machinery's) throw a
 * {@link PatchFailure}, which {@link PatchError.from} turns into this.
 */
import type { PatchFailure } from '../../machinery/patch/errors.js';


/** Status reasons a patch can fail with. */
export type PatchFailureReason = 'BadRequest' | 'Invalid' | 'RequestEntityTooLarge' | 'UnsupportedMediaType' | 'InternalError' | '';

/** A patch (or apply request) that cannot be applied. */
export class PatchError extends Error {
  override name = 'PatchError';
  /** HTTP status code of the answer: 400, 413, 415, 422 or 500. */
  readonly statusCode: number;
  /** Status reason; empty for the apiserver's plain (reason-less) 500 errors. */
  readonly reason: PatchFailureReason;
  /**
   * What exactly failed, when the Status message is the apiserver's generic text (a failed JSON
   * patch `test` answers "the server rejected our request due to an error in our request").
   */
  readonly detail: string | undefined;

  constructor(statusCode: number, reason: PatchFailureReason, message: string, detail?: string) {
    super(message);
    this.statusCode = statusCode;
    this.reason = reason;
    this.detail = detail;
  }

  /** 400 Bad Request with the given message. */
  static badRequest(message: string): PatchError {
    return new PatchError(400, 'BadRequest', message);
  }

  /** 422 with the apiserver's generic message and the real cause in {@link PatchError.detail}. */
  static unprocessable(detail: string): PatchError {
    return new PatchError(422, 'Invalid', 'the server rejected our request due to an error in our request', detail);
  }

  /** 500 without a reason: errors the apiserver does not classify (it passes their text through). */
  static internal(message: string): PatchError {
    return new PatchError(500, '', message);
  }

  /** The API server's answer to an engine's failure: 400, 413, 422 (generic message, the cause as detail) or 500. */
  static from(failure: PatchFailure): PatchError {
    switch (failure.kind) {
      case 'malformed': return PatchError.badRequest(failure.message);
      case 'too-large': return new PatchError(413, 'RequestEntityTooLarge', failure.message);
      case 'not-applicable': return PatchError.unprocessable(failure.message);
      default: return PatchError.internal(failure.message);
    }
  }
}
