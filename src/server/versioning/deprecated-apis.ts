/**
 * Deprecated API versions the server still serves, with the release that deprecated them, the
 * release that removes them and their replacement: every request to one carries kube's `Warning`
 * text, the audit annotations `platform.io/deprecated` and `platform.io/removed-release`, and
 * sets `apiserver_requested_deprecated_apis`.
 */
import { GROUPS } from '../../sdk/naming.js';
import { apiVersionOf } from '../../machinery/group-version.js';

/** One deprecated group/version/resource. */
export interface DeprecatedApi {
  group: string;
  version: string;
  resource: string;
  kind: string;
  /** `1.21`. */
  deprecatedIn: string;
  /** `1.25`. */
  removedIn: string;
  replacement: { group: string; version: string; kind: string };
}

/** The deprecated versions served here. */
export const DEPRECATED_APIS: readonly DeprecatedApi[] = [
  {
    group: GROUPS.policy, version: 'v1beta1', resource: 'poddisruptionbudgets', kind: 'PodDisruptionBudget', deprecatedIn: '1.21', removedIn: '1.25',
    replacement: { group: GROUPS.policy, version: 'v1', kind: 'PodDisruptionBudget' },
  },
  {
    group: GROUPS.admissionregistration, version: 'v1beta1', resource: 'mutatingwebhookconfigurations', kind: 'MutatingWebhookConfiguration',
    deprecatedIn: '1.16', removedIn: '1.22', replacement: { group: GROUPS.admissionregistration, version: 'v1', kind: 'MutatingWebhookConfiguration' },
  },
  {
    group: GROUPS.admissionregistration, version: 'v1beta1', resource: 'validatingwebhookconfigurations', kind: 'ValidatingWebhookConfiguration',
    deprecatedIn: '1.16', removedIn: '1.22', replacement: { group: GROUPS.admissionregistration, version: 'v1', kind: 'ValidatingWebhookConfiguration' },
  },
];

/** The deprecated API a request addresses, if any. */
export function findDeprecatedApi(group: string, version: string, resource: string): DeprecatedApi | undefined {
  return DEPRECATED_APIS.find((d) => d.group === group && d.version === version && d.resource === resource);
}

/** kube's text: `policy/v1beta1 PodDisruptionBudget is deprecated in v1.21+, unavailable in v1.25+; use policy/v1 PodDisruptionBudget`. */
export function deprecationWarning(d: DeprecatedApi): string {
  const r = d.replacement;
  return `${apiVersionOf(d)} ${d.kind} is deprecated in v${d.deprecatedIn}+, unavailable in v${d.removedIn}+; use ${apiVersionOf(r)} ${r.kind}`;
}
