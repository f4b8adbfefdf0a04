/**
 * PodNodeSelector: a new pod's node selector is merged with its namespace's
 * (`scheduler.alpha.platform.io/node-selector`, else the configured `clusterDefaultNodeSelector`),
 * refused when they conflict, and must stay within the namespace's allowed labels from the plugin
 * configuration (`podNodeSelectorPluginConfig: {<namespace>: "k=v,..."}`).
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { Pod } from '../../../sdk/types/generated/core-v1.js';
import { commaPairs } from '../../../machinery/comma-pairs.js';
import { ANNOTATIONS } from '../../../sdk/naming.js';
import { forbidden } from '../../errors.js';
import type { KindDef } from '../../registry/kind-def.js';
import { asObject, asString } from '../../util/json.js';
import type { NamespaceLookup } from './namespace-lifecycle.js';
import type { AdmissionPlugin } from '../types.js';
import { onWrittenPod, podSpec } from './pod-target.js';

/** Parses `k=v,k2=v2` (labels.ConvertSelectorToLabelsMap). */
export function labelsMap(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of commaPairs(text)) {
    if (value === undefined) throw new Error(`invalid selector: ${text}`);
    // `k==v` is `k=v`.
    Object.defineProperty(out, key, { value: value.replace(/^=/, '').trim(), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function conflicts(a: Record<string, string>, b: Record<string, string>): boolean {
  return Object.entries(a).some(([k, v]) => Object.hasOwn(b, k) && b[k] !== v);
}

/** Creates the plugin from its configuration (`podNodeSelectorPluginConfig`). */
export function podNodeSelectorPlugin(pods: KindDef<Pod>, lookup: NamespaceLookup, configuration: JsonObject | undefined): AdmissionPlugin {
  const config = asObject(configuration?.podNodeSelectorPluginConfig) ?? {};
  const clusterDefault = asString(config.clusterDefaultNodeSelector) ?? '';
  return {
    name: 'PodNodeSelector',
    admit: onWrittenPod(pods, async (pod, attrs) => {
      const ns = await lookup(attrs.namespace);
      const nsSelector = labelsMap(ns?.metadata?.annotations?.[ANNOTATIONS.nodeSelector] ?? clusterDefault);
      const spec = podSpec(pod);
      const podSelector = spec.nodeSelector ?? {};
      if (conflicts(nsSelector, podSelector)) {
        throw forbidden({ group: '', resource: 'pods' }, attrs.name, 'pod node label selector conflicts with its namespace node label selector');
      }
      const merged = { ...nsSelector, ...podSelector };
      if (Object.keys(merged).length > 0) spec.nodeSelector = merged;
      const whitelist = labelsMap(asString(config[attrs.namespace]) ?? '');
      if (Object.keys(whitelist).length > 0 && Object.entries(merged).some(([k, v]) => !Object.hasOwn(whitelist, k) || whitelist[k] !== v)) {
        throw forbidden({ group: '', resource: 'pods' }, attrs.name, 'pod node label selector labels conflict with its namespace whitelist');
      }
    }),
  };
}
