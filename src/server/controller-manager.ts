/**
 * Every controller of the local server, made in one place from the server context and what the
 * other setups produced (the service-account token signer, the RBAC policy store, whether quota
 * is on, the certificates' controllers, the node side), in the order they start, as a controller manager
 * starts them. The setups of authentication and authorization make no controllers themselves, so
 * that they never import the controllers that import them.
 */
import type { AdmissionSetup } from './admission/setup.js';
import type { AuthenticationSetup } from './auth/authn/build.js';
import type { Authorization } from './auth/authz/index.js';
import type { CertificatesSetup } from './certificates/index.js';
import type { ServerContext } from './context.js';
import type { Controller } from './control/controller.js';
import { clusterRoleAggregationController } from './controllers/clusterrole-aggregation.js';
import { crdController } from './controllers/crd.js';
import { eventTtlController } from './controllers/event-ttl.js';
import { garbageCollector } from './controllers/garbage-collector.js';
import { namespaceController } from './controllers/namespace.js';
import { protectionController } from './controllers/protection.js';
import { resourceQuotaController } from './controllers/resource-quota.js';
import { serviceAccountTokenController } from './controllers/serviceaccount-tokens.js';
import { tokenCleaner } from './controllers/token-cleaner.js';
import { workloadControllers } from './controllers/workloads/index.js';
import type { NodeSide } from './node/index.js';
import type { ServerOptions } from './options.js';

/** What the controllers are made from besides the context. */
export interface ControllerSources {
  authn: AuthenticationSetup;
  authz: Authorization;
  admission: AdmissionSetup;
  certs: CertificatesSetup;
  node: NodeSide;
  eventTtlMs: number | undefined;
  workloads: ServerOptions['workloads'];
}

/** The workload controllers `ServerOptions.workloads` asks for (none when it is absent or false). */
function workloadControllersOf(ctx: ServerContext, workloads: ServerOptions['workloads'], podMetrics: NodeSide['podMetrics']): Controller[] {
  if (workloads === undefined || workloads === false) return [];
  // The HPA reads the node's metrics as a real one reads metrics-server's API.
  const metrics = podMetrics === undefined ? {} : { metrics: { podMetrics } };
  return workloadControllers(ctx, { ...(workloads === true ? {} : workloads), ...metrics });
}

/** The server's controllers, in start order. */
export function serverControllers(ctx: ServerContext, s: ControllerSources): Controller[] {
  return [
    crdController(ctx),
    namespaceController(ctx),
    garbageCollector(ctx),
    protectionController(ctx),
    eventTtlController(ctx, s.eventTtlMs),
    serviceAccountTokenController(ctx, s.authn.signer),
    ...(s.authn.tokenCleaner === false ? [] : [tokenCleaner(ctx, s.authn.tokenCleaner.intervalMs)]),
    clusterRoleAggregationController(ctx, s.authz.policy, { bootstrap: s.authz.bootstrapPolicy }),
    ...(s.admission.quota ? [resourceQuotaController(ctx)] : []),
    ...s.certs.controllers(ctx),
    ...s.node.controllers,
    ...workloadControllersOf(ctx, s.workloads, s.node.podMetrics),
  ];
}
