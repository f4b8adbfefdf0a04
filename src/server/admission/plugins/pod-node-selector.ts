/**
 * PodNodeSelector: a new pod's node selector is merged with its namespace's
 * (`scheduler.alpha.platform.io/node-selector`, else the configured `clusterDefaultNodeSelector`),
 * refused when they conflict, and must stay within the namespace's allowed labels from the plugin
 * configuration (`podNodeSelectorPluginConfig: {<namespace>: "k=v,..."}`).
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import { ANNOTATIONS } from '../../../sdk/naming.js';
import { forbidden } from '../../errors.js';
import { asObject, asString } from '../../util/json.js';
import type { NamespaceLookup } from './namespace-lifecycle.js';
import type { AdmissionPlugin } from '../types.js';
import { isPodWrite, podSpec } from './pod-target.js';

/** Parses `k=v,k2=v2` (labels.ConvertSelectorToLabelsMap). */
export function labelsMap(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(',')) {
    const s = part.trim();
    if (s === '') continue;
    const eq = s.indexOf('=');
    if (eq < 0) throw new Error(`invalid selector: ${text}`);
    Object.defineProperty(out, s.slice(0, eq).trim().replace(/=$/, ''), { value: s.slice(eq + 1).replace(/^=/, '').trim(), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function conflicts(a: Record<string, string>, b: Record<string, string>): boolean {
  return Object.entries(a).some(([k, v]) => Object.hasOwn(b, k) && b[k] !== v);
}

/** Creates the plugin from its configuration (`podNodeSelectorPluginConfig`). */
export function podNodeSelectorPlugin(lookup: NamespaceLookup, configuration: JsonObject | undefined): AdmissionPlugin {
  const config = asObject(configuration?.podNodeSelectorPluginConfig) ?? {};
  const clusterDefault = asString(config.clusterDefaultNodeSelector) ?? '';
  return {
    name: 'PodNodeSelector',
    async admit(attrs) {
      if (!isPodWrite(attrs) || attrs.object === undefined) return;
      const ns = await lookup(attrs.namespace);
      const annotations = asObject(asObject(ns?.metadata)?.annotations) ?? {};
      const nsText = asString(annotations[ANNOTATIONS.nodeSelector]) ?? clusterDefault;
      const nsSelector = labelsMap(nsText);
      const spec = podSpec(attrs.object);
      const podSelector = Object.fromEntries(Object.entries(asObject(spec.nodeSelector) ?? {}).map(([k, v]) => [k, asString(v) ?? '']));
      if (conflicts(nsSelector, podSelector)) {
        throw forbidden({ group: '', resource: 'pods' }, attrs.name, 'pod node label selector conflicts with its namespace node label selector');
      }
      const merged = { ...nsSelector, ...podSelector };
      if (Object.keys(merged).length > 0) spec.nodeSelector = merged;
      const whitelist = labelsMap(asString(config[attrs.namespace]) ?? '');
      if (Object.keys(whitelist).length > 0 && Object.entries(merged).some(([k, v]) => !Object.hasOwn(whitelist, k) || whitelist[k] !== v)) {
        throw forbidden({ group: '', resource: 'pods' }, attrs.name, 'pod node label selector labels conflict with its namespace whitelist');
      }
    },
  };
}
