/**
 * Which admission plugins run, in the API server's fixed order: the recommended set plus
 * `--enable-admission-plugins`, minus `--disable-admission-plugins` (the order of the flags is
 * irrelevant). Names kube-apiserver knows but this server has nothing observable for are accepted
 * and run as nothing (listed in {@link INERT_PLUGINS}); unknown names are errors.
 */

/** Every plugin name in kube-apiserver's execution order (webhooks and quota last). */
export const ORDERED_PLUGINS = [
  'AlwaysAdmit', 'NamespaceAutoProvision', 'NamespaceLifecycle', 'NamespaceExists', 'LimitPodHardAntiAffinityTopology', 'LimitRanger',
  'ServiceAccount', 'NodeRestriction', 'TaintNodesByCondition', 'AlwaysPullImages', 'ImagePolicyWebhook', 'PodSecurity', 'SecurityContextDeny',
  'PodNodeSelector', 'Priority', 'DefaultTolerationSeconds', 'PodTolerationRestriction', 'EventRateLimit', 'ExtendedResourceToleration',
  'DefaultStorageClass', 'StorageObjectInUseProtection', 'OwnerReferencesPermissionEnforcement', 'PersistentVolumeClaimResize', 'RuntimeClass',
  'CertificateApproval', 'CertificateSigning', 'ClusterTrustBundleAttest', 'CertificateSubjectRestriction', 'DefaultIngressClass',
  'DenyServiceExternalIPs', 'PodTopologyLabels', 'MutatingAdmissionPolicy', 'MutatingAdmissionWebhook', 'ValidatingAdmissionPolicy',
  'ValidatingAdmissionWebhook', 'ResourceQuota', 'AlwaysDeny',
] as const;

/** kube-apiserver's default-on plugins. */
export const RECOMMENDED_PLUGINS = [
  'NamespaceLifecycle', 'LimitRanger', 'ServiceAccount', 'TaintNodesByCondition', 'PodSecurity', 'Priority', 'DefaultTolerationSeconds',
  'DefaultStorageClass', 'StorageObjectInUseProtection', 'PersistentVolumeClaimResize', 'RuntimeClass', 'CertificateApproval',
  'CertificateSigning', 'ClusterTrustBundleAttest', 'CertificateSubjectRestriction', 'DefaultIngressClass', 'MutatingAdmissionWebhook',
  'ValidatingAdmissionPolicy', 'ValidatingAdmissionWebhook', 'ResourceQuota',
];

/**
 * Accepted names that do nothing here: the kinds they act on are not served by this server
 * (ClusterTrustBundle, admission policies, events rate limits, image policy back ends, node
 * identities). The certificate plugins are listed because plugins given by
 * other modules with these names (the certificates module's) take their place in the order. DefaultTolerationSeconds is NOT implemented yet either (it would add
 * not-ready/unreachable tolerations to every pod).
 */
export const INERT_PLUGINS = new Set<string>([
  'AlwaysAdmit', 'NamespaceAutoProvision', 'NamespaceExists', 'LimitPodHardAntiAffinityTopology', 'NodeRestriction',
  'AlwaysPullImages', 'ImagePolicyWebhook', 'DefaultTolerationSeconds', 'EventRateLimit', 'ExtendedResourceToleration',
  'OwnerReferencesPermissionEnforcement', 'PersistentVolumeClaimResize', 'CertificateApproval', 'CertificateSigning', 'ClusterTrustBundleAttest',
  'CertificateSubjectRestriction', 'DenyServiceExternalIPs', 'PodTopologyLabels', 'MutatingAdmissionPolicy',
  'ValidatingAdmissionPolicy',
]);

/** A bad plugin list. */
export class AdmissionPluginError extends Error {
  override name = 'AdmissionPluginError';
}

/** The enabled plugin names, in execution order. */
export function enabledPluginNames(enable: readonly string[] = [], disable: readonly string[] = []): string[] {
  const known = new Set<string>(ORDERED_PLUGINS);
  for (const [flag, list] of [['enable-admission-plugins', enable], ['disable-admission-plugins', disable]] as const) {
    for (const n of list) if (!known.has(n)) throw new AdmissionPluginError(`${flag} plugin "${n}" is unknown`);
  }
  const on = new Set<string>([...RECOMMENDED_PLUGINS, ...enable]);
  for (const n of disable) on.delete(n);
  return ORDERED_PLUGINS.filter((n) => on.has(n));
}
