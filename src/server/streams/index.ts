/**
 * The streaming and proxy sub-resources, assembled: `pods/log`, `pods/exec`, `pods/attach`,
 * `pods/portforward` and the proxies of pods, services and nodes (`pods/ephemeralcontainers` is a
 * write of the pod, served by the resource handler).
 */
import type { Authorizer } from '../auth/authorizer.js';
import type { ServerContext } from '../context.js';
import type { PipelineEndpoint } from '../http/handler.js';
import { execEndpoints } from './exec.js';
import { logEndpoint } from './log.js';
import type { NodeStreams } from './node-access.js';
import { portForwardEndpoint } from './portforward.js';
import { proxyEndpoint } from './proxy.js';

/** The endpoints of the stream sub-resources. */
export function streamEndpoints(ctx: ServerContext, authorizer: Authorizer, node: NodeStreams | undefined): PipelineEndpoint[] {
  const access = (): NodeStreams | undefined => node;
  return [logEndpoint(ctx, access), ...execEndpoints(ctx, authorizer, access), portForwardEndpoint(ctx, authorizer), proxyEndpoint(ctx)];
}
