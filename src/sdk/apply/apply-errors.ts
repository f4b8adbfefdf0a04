/**
 * Errors of applying objects: server-side apply conflicts with kubectl's explanation of the ways
 * out, and kubectl's "error when creating "file": ..." decoration of server errors.
 */
import { DOMAIN } from '../naming.js';
import { PlatformError, StatusError } from '../errors.js';
import type { Status } from '../types/status.js';

/** kubectl's explanation after a server-side apply conflict. */
export const APPLY_CONFLICT_HELP = [
  'Please review the fields above--they currently have other managers. Here',
  'are the ways you can resolve this warning:',
  '* If you intend to manage all of these fields, please re-run the apply',
  '  command with the `--force-conflicts` flag.',
  '* If you do not intend to manage all of the fields, please edit your',
  '  manifest to remove references to the fields that should keep their',
  '  current managers.',
  '* You may co-own fields by updating your manifest to match the existing',
  '  value; in this case, you\'ll become the manager if the other manager(s)',
  '  stop managing the field (remove it from their configuration).',
  `See https://${DOMAIN}/docs/reference/using-api/server-side-apply/#conflicts`,
].join('\n');

/** One conflicting field of a server-side apply and the manager that owns it. */
export interface FieldConflict {
  /** The field path as the server prints it (`.data.a`, `.spec.containers[name="app"].image`). */
  field: string;
  /** The server's description of the owner (`conflict with "other" using v1`). */
  manager: string;
}

/**
 * A server-side apply was refused because other managers own fields it sets to other values. The
 * message is the server's list of fields and managers followed by {@link APPLY_CONFLICT_HELP}.
 */
export class ApplyConflictError extends PlatformError {
  static override readonly brand: string = 'ApplyConflictError';
  override name = 'ApplyConflictError';
  /** The conflicting fields. */
  readonly conflicts: FieldConflict[];
  /** The server's Status. */
  readonly status: Status;
  constructor(cause: StatusError) {
    super(`${cause.status.message ?? cause.message}\n${APPLY_CONFLICT_HELP}`, { cause });
    this.status = cause.status;
    this.conflicts = cause.causes
      .filter((c) => c.reason === 'FieldManagerConflict')
      .map((c) => ({ field: c.field ?? '', manager: c.message ?? '' }));
  }
}

/** A server error prefixed with what was being done to which source (kubectl's `AddSourceToErr`). */
export function withSource(err: unknown, verb: string, source: string): unknown {
  if (!(err instanceof StatusError)) return err;
  const message = `error when ${verb} "${source}": ${err.status.message ?? err.message}`;
  return new StatusError({ ...err.status, message }, err.code, err.retryAfterSeconds);
}
