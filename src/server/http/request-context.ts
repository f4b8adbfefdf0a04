/**
 * One request as the handlers see it after authentication.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UserInfo } from '../request/user.js';
import type { RequestInfo } from '../request/request-info.js';

/** A request in flight. */
export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** The query (and a base for URLs); its pathname has dot segments resolved, so never route by it. */
  url: URL;
  /** The request path as sent (percent-encoded, dot segments kept): what routing reads. */
  path: string;
  info: RequestInfo;
  user: UserInfo;
  /** Aborted when the client goes away or the server stops (created on first use). */
  readonly signal: AbortSignal;
  /** Response headers added by stages (warnings, audit ids). */
  headers: Record<string, string>;
}
