/**
 * `describe networkpolicy`: kubectl's NetworkPolicyDescriber: the pods it selects, then the
 * ingress and egress traffic it allows (ports and peers of each rule) and its policy types. It
 * shows no events.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import type { DescribeOptions } from './format.js';
import { formatGoTime } from './format.js';
import { obj, objs, partsOf, str, strs } from './json-access.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, tabbedString } from './writer.js';
import { formatObjectSelector } from '../../machinery/labels/selector.js';
import { printNameAndNamespace, printLabelsAndAnnotations } from './object-header.js';

const INDENT = '    ';

/** `%s` of a `*intstr.IntOrString`: the number or name, `<nil>` when unset. */
function portText(port: unknown): string {
  if (typeof port === 'number') return String(port);
  if (typeof port === 'string') return port;
  return '<nil>';
}

function selectorText(sel: unknown): string {
  return formatObjectSelector(obj(sel));
}

function isSet(v: unknown): boolean {
  return typeof v === 'object' && v !== null;
}

function printPorts(ports: Record<string, unknown>[], w: DescribeWriter): void {
  if (ports.length === 0) {
    w.write(LEVEL_0, `${INDENT}To Port: <any> (traffic allowed to all ports)\n`);
    return;
  }
  for (const port of ports) {
    const proto = str(port['protocol']) || 'TCP';
    const end = port['endPort'];
    if (typeof end === 'number') w.write(LEVEL_0, `${INDENT}To Port Range: ${portText(port['port'])}-${end}/${proto}\n`);
    else w.write(LEVEL_0, `${INDENT}To Port: ${portText(port['port'])}/${proto}\n`);
  }
}

function printPeers(peers: Record<string, unknown>[], title: string, anyText: string, w: DescribeWriter): void {
  if (peers.length === 0) {
    w.write(LEVEL_0, `${INDENT}${title}: ${anyText}\n`);
    return;
  }
  for (const peer of peers) {
    w.write(LEVEL_0, `${INDENT}${title}:\n`);
    const pods = peer['podSelector'];
    const namespaces = peer['namespaceSelector'];
    const block = peer['ipBlock'];
    if (isSet(pods) && isSet(namespaces)) {
      w.write(LEVEL_1, `${INDENT}NamespaceSelector: ${selectorText(namespaces)}\n`);
      w.write(LEVEL_1, `${INDENT}PodSelector: ${selectorText(pods)}\n`);
    } else if (isSet(pods)) {
      w.write(LEVEL_1, `${INDENT}PodSelector: ${selectorText(pods)}\n`);
    } else if (isSet(namespaces)) {
      w.write(LEVEL_1, `${INDENT}NamespaceSelector: ${selectorText(namespaces)}\n`);
    } else if (isSet(block)) {
      w.write(LEVEL_1, `${INDENT}IPBlock:\n`);
      w.write(LEVEL_2, `${INDENT}CIDR: ${str(obj(block)['cidr'])}\n`);
      w.write(LEVEL_2, `${INDENT}Except: ${strs(obj(block)['except']).join(', ')}\n`);
    }
  }
}

function printRules(rules: Record<string, unknown>[], peersKey: 'from' | 'to', w: DescribeWriter): void {
  const direction = peersKey === 'from' ? 'ingress' : 'egress';
  if (rules.length === 0) {
    w.write(LEVEL_0, `${INDENT}<none> (Selected pods are isolated for ${direction} connectivity)\n`);
    return;
  }
  rules.forEach((rule, i) => {
    printPorts(objs(rule['ports']), w);
    if (peersKey === 'from') printPeers(objs(rule['from']), 'From', '<any> (traffic not restricted by source)', w);
    else printPeers(objs(rule['to']), 'To', '<any> (traffic not restricted by destination)', w);
    if (i !== rules.length - 1) w.write(LEVEL_0, `${INDENT}----------\n`);
  });
}

/** `describe networkpolicy`. */
export function describeNetworkPolicy(np: KubeObject, options: DescribeOptions): string {
  const { meta, spec } = partsOf(np);
  return tabbedString((w) => {
    printNameAndNamespace(w, meta);
    w.write(LEVEL_0, `Created on:\t${formatGoTime(meta.creationTimestamp, options)}\n`);
    printLabelsAndAnnotations(w, meta);
    w.write(LEVEL_0, 'Spec:\n');
    w.write(LEVEL_1, 'PodSelector: ');
    const podSelector = obj(spec['podSelector']);
    const empty = Object.keys(obj(podSelector['matchLabels'])).length === 0 && objs(podSelector['matchExpressions']).length === 0;
    w.write(LEVEL_2, empty ? '<none> (Allowing the specific traffic to all pods in this namespace)\n' : `${selectorText(podSelector)}\n`);
    const types = Array.isArray(spec['policyTypes']) ? strs(spec['policyTypes']) : undefined;
    if (types?.includes('Ingress') === true) {
      w.write(LEVEL_1, 'Allowing ingress traffic:\n');
      printRules(objs(spec['ingress']), 'from', w);
    } else {
      w.write(LEVEL_1, 'Not affecting ingress traffic\n');
    }
    if (types?.includes('Egress') === true) {
      w.write(LEVEL_1, 'Allowing egress traffic:\n');
      printRules(objs(spec['egress']), 'to', w);
    } else {
      w.write(LEVEL_1, 'Not affecting egress traffic\n');
    }
    w.write(LEVEL_1, `Policy Types: ${types === undefined || types.length === 0 ? '<none>' : types.join(', ')}\n`);
  });
}
