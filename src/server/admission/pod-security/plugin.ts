/**
 * PodSecurity: namespace labels `pod-security.platform.io/{enforce,audit,warn}` (level) and
 * `-version` (`latest` or `v1.N`) choose what happens to pods that fail the level's checks:
 * enforce refuses (`violates PodSecurity "restricted:latest": ...`), warn adds a `Warning` header
 * (`would violate PodSecurity ...`), audit adds the audit annotation
 * `pod-security.platform.io/audit-violations`. Workloads with pod templates get warn and audit only.
 * Namespaces without labels get the configured defaults (privileged unless configured).
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { Pod, PodSpec } from '../../../sdk/types/generated/core-v1.js';
import { DOMAIN, GROUPS, LABELS } from '../../../sdk/naming.js';
import { addAuditAnnotation, addWarning } from '../../audit/request-scope.js';
import { forbidden } from '../../errors.js';
import { storedAs } from '../../registry/kind-def.js';
import type { Registry } from '../../registry/registry.js';
import type { ResourceDef } from '../../registry/types.js';
import { asArray, asObject, asString } from '../../util/json.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import type { NamespaceLookup } from '../plugins/namespace-lifecycle.js';
import { evaluatePodSpec, violationText, type Level } from './checks.js';

/** Audit annotation keys of the plugin. */
export const POD_SECURITY_ANNOTATIONS = {
  enforcePolicy: `pod-security.${DOMAIN}/enforce-policy`,
  auditViolations: `pod-security.${DOMAIN}/audit-violations`,
} as const;

const LEVELS: Level[] = ['privileged', 'baseline', 'restricted'];

/** What holds the pod spec of a write: the pod, or a workload's template (undefined for other kinds), typed. */
function specHolderOf(registry: Registry, d: ResourceDef, obj: JsonObject): { spec?: PodSpec } | undefined {
  switch (`${d.group}/${d.plural}`) {
    case '/pods': return storedAs(registry.kind('v1', 'Pod'), obj);
    case `${GROUPS.apps}/deployments`: return storedAs(registry.kind('apps/v1', 'Deployment'), obj).spec?.template;
    case `${GROUPS.apps}/replicasets`: return storedAs(registry.kind('apps/v1', 'ReplicaSet'), obj).spec?.template;
    case `${GROUPS.apps}/statefulsets`: return storedAs(registry.kind('apps/v1', 'StatefulSet'), obj).spec?.template;
    case `${GROUPS.apps}/daemonsets`: return storedAs(registry.kind('apps/v1', 'DaemonSet'), obj).spec?.template;
    case `${GROUPS.batch}/jobs`: return storedAs(registry.kind('batch/v1', 'Job'), obj).spec?.template;
    case `${GROUPS.batch}/cronjobs`: return storedAs(registry.kind('batch/v1', 'CronJob'), obj).spec?.jobTemplate?.spec?.template;
    case '/replicationcontrollers': return storedAs(registry.kind('v1', 'ReplicationController'), obj).spec?.template;
    case '/podtemplates': return storedAs(registry.kind('v1', 'PodTemplate'), obj).template;
    default: return undefined;
  }
}

/** The pod spec a write carries: the pod's (an ephemeral container added too), or a workload's template. */
function podSpecOf(registry: Registry, attrs: AdmissionAttributes): { spec: Partial<PodSpec>; isPod: boolean } | undefined {
  const obj = attrs.object;
  const d = attrs.def;
  const isPod = d.group === '' && d.plural === 'pods';
  if (obj === undefined || (attrs.subresource !== '' && !(isPod && attrs.subresource === 'ephemeralcontainers'))) return undefined;
  const holder = specHolderOf(registry, d, obj);
  return holder === undefined ? undefined : { spec: holder.spec ?? {}, isPod };
}

/** The policy of one mode from a namespace's labels, else from the configuration's (untyped) defaults. */
function policy(labels: Record<string, string>, mode: string, defaults: JsonObject): { level: Level; version: string } | undefined {
  const short = mode.slice(mode.indexOf('/') + 1);
  const level = labels[mode] ?? asString(defaults[short]);
  if (level === undefined || !LEVELS.includes(level as Level) || level === 'privileged') return undefined;
  const version = labels[`${mode}-version`] ?? asString(defaults[`${short}-version`]) ?? 'latest';
  return { level: level as Level, version: /^v1\.\d+$/.test(version) ? version : 'latest' };
}

function strings(v: unknown): string[] {
  return (asArray(v) ?? []).map((x) => asString(x) ?? '');
}

/**
 * Creates the plugin; `configuration` is a PodSecurityConfiguration from the admission config file
 * (`defaults` for namespaces without labels, `exemptions` by usernames, namespaces, runtimeClasses).
 */
export function podSecurityPlugin(registry: Registry, lookup: NamespaceLookup, configuration?: JsonObject,
  listPods: (namespace: string) => Promise<Pod[]> = () => Promise.resolve([])): AdmissionPlugin {
  const namespaces = registry.kind('v1', 'Namespace');
  const defaults = asObject(configuration?.defaults) ?? {};
  const exemptions = asObject(configuration?.exemptions) ?? {};
  const exemptUsers = new Set(strings(exemptions.usernames));
  const exemptNamespaces = new Set(strings(exemptions.namespaces));
  const exemptRuntimeClasses = new Set(strings(exemptions.runtimeClasses));
  /**
   * A namespace whose enforce level becomes stricter: warn about the pods already there that
   * would now be refused, grouped by their violations (`p1 (and 2 other pods): privileged`).
   */
  async function warnExistingPods(attrs: AdmissionAttributes): Promise<void> {
    if (attrs.operation !== 'UPDATE' || attrs.object === undefined || exemptNamespaces.has(attrs.name)) return;
    const labels = storedAs(namespaces, attrs.object).metadata?.labels ?? {};
    const oldLabels = (attrs.oldObject === undefined ? undefined : storedAs(namespaces, attrs.oldObject).metadata?.labels) ?? {};
    const enforce = policy(labels, LABELS.podSecurityEnforce, defaults);
    const before = policy(oldLabels, LABELS.podSecurityEnforce, defaults);
    if (enforce === undefined || (before?.level === enforce.level && before.version === enforce.version)) return;
    const groups = new Map<string, string[]>();
    for (const p of await listPods(attrs.name)) {
      const spec: Partial<PodSpec> = p.spec ?? {};
      if (exemptRuntimeClasses.has(spec.runtimeClassName ?? '')) continue;
      const vs = evaluatePodSpec(spec, enforce.level);
      if (vs.length === 0) continue;
      const key = vs.map((v) => v.reason).join(', ');
      groups.set(key, [...(groups.get(key) ?? []), p.metadata?.name ?? '']);
    }
    if (groups.size === 0) return;
    addWarning(attrs.record, `existing pods in namespace "${attrs.name}" violate the new PodSecurity enforce level "${enforce.level}:${enforce.version}"`);
    for (const [reasons, pods] of groups) {
      const who = pods.length === 1 ? pods[0] ?? '' : `${pods[0] ?? ''} (and ${String(pods.length - 1)} other pod${pods.length === 2 ? '' : 's'})`;
      addWarning(attrs.record, `${who}: ${reasons}`);
    }
  }

  return {
    name: 'PodSecurity',
    async validate(attrs) {
      if (attrs.operation !== 'CREATE' && attrs.operation !== 'UPDATE') return;
      if (attrs.def.group === '' && attrs.def.plural === 'namespaces' && attrs.subresource === '') {
        await warnExistingPods(attrs);
        return;
      }
      const target = podSpecOf(registry, attrs);
      if (target === undefined || attrs.namespace === '') return;
      // Updates that leave the pod spec as it was (labels, status) are not evaluated again.
      if (attrs.operation === 'UPDATE' && attrs.oldObject !== undefined && jsonEqual(attrs.oldObject.spec, attrs.object?.spec)) return;
      if (exemptUsers.has(attrs.user.username) || exemptNamespaces.has(attrs.namespace)) return;
      if (exemptRuntimeClasses.has(target.spec.runtimeClassName ?? '')) return;
      const ns = await lookup(attrs.namespace);
      const labels = ns?.metadata?.labels ?? {};
      const enforce = policy(labels, LABELS.podSecurityEnforce, defaults);
      const audit = policy(labels, LABELS.podSecurityAudit, defaults);
      const warn = policy(labels, LABELS.podSecurityWarn, defaults);
      if (target.isPod) {
        addAuditAnnotation(attrs.record, POD_SECURITY_ANNOTATIONS.enforcePolicy, `${enforce?.level ?? 'privileged'}:${enforce?.version ?? 'latest'}`);
      }
      if (target.isPod && enforce !== undefined) {
        const vs = evaluatePodSpec(target.spec, enforce.level);
        if (vs.length > 0) {
          throw forbidden({ group: '', resource: 'pods' }, attrs.name, `violates PodSecurity "${enforce.level}:${enforce.version}": ${violationText(vs)}`);
        }
      }
      if (warn !== undefined) {
        const vs = evaluatePodSpec(target.spec, warn.level);
        if (vs.length > 0) addWarning(attrs.record, `would violate PodSecurity "${warn.level}:${warn.version}": ${violationText(vs)}`);
      }
      if (audit !== undefined) {
        const vs = evaluatePodSpec(target.spec, audit.level);
        if (vs.length > 0) addAuditAnnotation(attrs.record, POD_SECURITY_ANNOTATIONS.auditViolations, `would violate PodSecurity "${audit.level}:${audit.version}": ${violationText(vs)}`);
      }
    },
  };
}
