/**
 * Naming translation for differential runs against stock kubectl: our fixtures and goldens use
 * `platform.io` names; kubectl expects and prints `k8s.io` / `kubernetes.io` ones.
 */
const SPECIAL: [string, string][] = [
  ['kubectl.kubernetes.io/', 'platformctl.platform.io/'],
  ['kubernetes.io/kube-apiserver-client-kubelet', 'platform.io/apiserver-client-nodeagent'],
  ['kubernetes.io/kube-apiserver-client', 'platform.io/apiserver-client'],
  ['kubernetes.io/kubelet-serving', 'platform.io/nodeagent-serving'],
  ['kube-root-ca.crt', 'platform-root-ca.crt'],
  ['kube-system', 'platform-system'],
  ['kube-public', 'platform-public'],
  ['kube-node-lease', 'platform-node-lease'],
];

/** `platform.io` naming to kubectl's (groups become `*.k8s.io`, labels and annotations `kubernetes.io`). */
export function toK8s(s: string): string {
  for (const [k, p] of SPECIAL) s = s.split(p).join(k);
  return s.replace(/((?:[a-z0-9-]+\.)*)platform\.io\b/g, (_m, prefix: string) => {
    const group = prefix.replace(/\.$/, '');
    const isGroup = prefix !== '' && /^(?:example|certificates|coordination|apiextensions|rbac\.authorization|authorization|authentication|discovery|events|networking|storage|node|meta)$/.test(group);
    return isGroup ? `${prefix}k8s.io` : `${prefix}kubernetes.io`;
  });
}

/** kubectl's naming back to `platform.io`. */
export function toPlatform(s: string): string {
  for (const [k, p] of SPECIAL) s = s.split(k).join(p);
  return s.replace(/\.k8s\.io\b/g, '.platform.io').replace(/\bkubernetes\.io\b/g, 'platform.io');
}
