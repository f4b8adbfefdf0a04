/**
 * The RBAC objects of node bootstrapping that kubeadm creates: bootstrap tokens may create
 * signing requests and have node client certificates auto-approved, nodes may renew their own,
 * and anonymous users may read `cluster-info` (discovery happens before a client trusts the cluster).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { CLUSTER_INFO_CONFIGMAP, GROUPS, NAMESPACES } from '../../sdk/naming.js';
import { BOOTSTRAPPERS_GROUP } from '../auth/authn/bootstrap-token.js';
import { PolicyWriter } from '../auth/authz/policy-writer.js';
import type { ServerContext } from '../context.js';
import type { Controller } from '../control/controller.js';

/** The approval role names the auto-approver's SubjectAccessReviews are granted by. */
export const NODE_CLIENT_ROLE = `system:${GROUPS.certificates}:certificatesigningrequests:nodeclient`;
export const SELF_NODE_CLIENT_ROLE = `system:${GROUPS.certificates}:certificatesigningrequests:selfnodeclient`;

const RBAC_VERSION = `${GROUPS.rbac}/v1`;

function role(kind: 'ClusterRole' | 'Role', name: string, rules: JsonObject[], namespace?: string): JsonObject {
  return { apiVersion: RBAC_VERSION, kind, metadata: { name, ...(namespace !== undefined ? { namespace } : {}) }, rules };
}

function binding(kind: 'ClusterRoleBinding' | 'RoleBinding', name: string, roleKind: string, roleName: string, subjects: JsonObject[], namespace?: string): JsonObject {
  return {
    apiVersion: RBAC_VERSION, kind, metadata: { name, ...(namespace !== undefined ? { namespace } : {}) },
    roleRef: { apiGroup: GROUPS.rbac, kind: roleKind, name: roleName }, subjects,
  };
}

const group = (name: string): JsonObject => ({ apiGroup: GROUPS.rbac, kind: 'Group', name });

/** The objects, by resource. */
export function nodeBootstrapPolicy(): { clusterroles: JsonObject[]; clusterrolebindings: JsonObject[]; roles: JsonObject[]; rolebindings: JsonObject[] } {
  const csr = (resources: string[], verbs: string[]): JsonObject => ({ apiGroups: [GROUPS.certificates], resources, verbs });
  return {
    clusterroles: [
      role('ClusterRole', 'system:node-bootstrapper', [csr(['certificatesigningrequests'], ['create', 'get', 'list', 'watch'])]),
      role('ClusterRole', NODE_CLIENT_ROLE, [csr(['certificatesigningrequests/nodeclient'], ['create'])]),
      role('ClusterRole', SELF_NODE_CLIENT_ROLE, [csr(['certificatesigningrequests/selfnodeclient'], ['create'])]),
    ],
    clusterrolebindings: [
      binding('ClusterRoleBinding', 'platform:node-bootstrapper', 'ClusterRole', 'system:node-bootstrapper', [group(BOOTSTRAPPERS_GROUP)]),
      // kube-apiserver's Node authorizer lets nodes create requests; the local Node mode does not, so a binding does.
      binding('ClusterRoleBinding', 'platform:node-certificate-requests', 'ClusterRole', 'system:node-bootstrapper', [group('system:nodes')]),
      binding('ClusterRoleBinding', 'platform:node-autoapprove-bootstrap', 'ClusterRole', NODE_CLIENT_ROLE, [group(BOOTSTRAPPERS_GROUP)]),
      binding('ClusterRoleBinding', 'platform:node-autoapprove-certificate-rotation', 'ClusterRole', SELF_NODE_CLIENT_ROLE, [group('system:nodes')]),
    ],
    roles: [role('Role', 'platform:bootstrap-signer-clusterinfo', [{ apiGroups: [''], resources: ['configmaps'], resourceNames: [CLUSTER_INFO_CONFIGMAP], verbs: ['get'] }], NAMESPACES.public)],
    rolebindings: [binding('RoleBinding', 'platform:bootstrap-signer-clusterinfo', 'Role', 'platform:bootstrap-signer-clusterinfo',
      [{ apiGroup: GROUPS.rbac, kind: 'User', name: 'system:anonymous' }], NAMESPACES.public)],
  };
}

/** A start-up step creating the missing objects (existing ones are left as they are). */
export function nodeBootstrapPolicyController(ctx: ServerContext): Controller {
  return {
    name: 'node-bootstrap-policy',
    async start() {
      const writer = new PolicyWriter(ctx, 'platform-apiserver');
      const policy = nodeBootstrapPolicy();
      for (const [plural, objects] of Object.entries(policy)) {
        const def = ctx.registry.lookup(GROUPS.rbac, 'v1', plural);
        if (def === undefined) continue;
        const namespace = plural === 'roles' || plural === 'rolebindings' ? NAMESPACES.public : '';
        for (const o of objects) await writer.createIfMissing(def, namespace, o);
      }
    },
    idle: () => Promise.resolve(),
    stop: () => undefined,
  };
}
