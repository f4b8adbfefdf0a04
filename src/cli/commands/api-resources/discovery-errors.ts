/**
 * kubectl's messages for discovery failures, shared by the discovery commands (`api-resources`,
 * `api-versions`, `cluster-info`).
 */
import { StatusError } from '../../../sdk/errors.js';
import { ExitError } from '../../framework/usage-error.js';

// client-go reports a 401 on discovery documents with this generic text instead of the server's message.
const DISCOVERY_UNAUTHORIZED = 'the server has asked for the client to provide credentials';

/** True for a 401 answer. */
export function isUnauthorized(err: unknown): err is StatusError {
  return err instanceof StatusError && (err.code === 401 || err.reason === 'Unauthorized');
}

/** kubectl's `error: You must be logged in to the server (<message>)`. */
export function loggedInError(message: string): ExitError {
  return new ExitError(1, `error: You must be logged in to the server (${message})`);
}

/** The error to report for a failed discovery read: 401 as kubectl words it, anything else unchanged. */
export function discoveryError(err: unknown): Error {
  return isUnauthorized(err) ? loggedInError(DISCOVERY_UNAUTHORIZED) : asError(err);
}

/** The text of a discovery failure, as client-go's error for it reads. */
export function discoveryErrorText(err: unknown): string {
  return isUnauthorized(err) ? DISCOVERY_UNAUTHORIZED : errorText(err);
}

/** The error to report for a failed API request (not discovery): 401 with the server's message. */
export function requestError(err: unknown): Error {
  return isUnauthorized(err) ? loggedInError(err.status.message ?? err.message) : asError(err);
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/** The message of discovery's `ErrGroupDiscoveryFailed`: failed group versions sorted. */
export function incompleteDiscoveryMessage(failed: readonly { groupVersion: string; message: string }[]): string {
  const parts = failed.map((f) => `${f.groupVersion}: ${f.message}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `unable to retrieve the complete list of server APIs: ${parts.join(', ')}`;
}

/** The message text of any error (what Go's `err.Error()` would give for the SDK's errors). */
export function errorText(err: unknown): string {
  if (err instanceof StatusError) return err.status.message ?? err.message;
  return err instanceof Error ? err.message : String(err);
}
