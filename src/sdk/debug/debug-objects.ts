/**
 * What `debug` creates, built from its options as kubectl 1.32 builds it: an ephemeral container
 * added to a running pod (and the strategic merge patch of `pods/NAME/ephemeralcontainers` that
 * adds it), a copy of a pod with a debug container added or one of its containers changed, or a
 * pod on a node that runs in the node's namespaces with the host's root file system at `/host`.
 */
import { createTwoWayPatch } from '../apply/two-way-patch.js';
import type { JsonMap } from '../apply/patches.js';
import { InputError } from '../errors.js';
import type { Container, EnvVar, EphemeralContainer, Node, Pod } from '../types/core.js';
import { toKubeObject, type KubeObject } from '../types/meta.js';
import { applyCustomProfile } from './custom-profile.js';
import { applyDebugProfile, type DebugProfile, type KeepFlags } from './profiles.js';
import { randomSuffix } from './random-suffix.js';

/** Options of the debug container, whichever way the pod is debugged. */
export interface DebugContainerOptions {
  /** `--image` (may be empty for a copy that only changes images or a command). */
  image: string;
  /** `-c`: the debug container's name (generated when empty). */
  container?: string | undefined;
  /** The words after `--`. */
  args: string[];
  /** `--arguments-only`: the words are `args`, not `command`. */
  argsOnly: boolean;
  env: EnvVar[];
  /** `--image-pull-policy` (empty: the server's default). */
  pullPolicy?: string | undefined;
  stdin: boolean;
  tty: boolean;
  profile: DebugProfile;
  keep: KeepFlags;
  /** `--custom`: a partial container spec merged into the debug container. */
  custom?: JsonMap | undefined;
  /** The random suffix of generated names (tests pass a fixed one). */
  random?: (() => string) | undefined;
}

/** Options of an ephemeral debug container. */
export interface EphemeralDebugOptions extends DebugContainerOptions {
  /** `--target`: the container whose processes the debug container should see. */
  targetContainer?: string | undefined;
}

/** Options of `--copy-to`. */
export interface CopyDebugOptions extends DebugContainerOptions {
  copyTo: string;
  sameNode: boolean;
  /** `--set-image`: container name (or `*`) to image. */
  setImages: Record<string, string>;
  /** `--share-processes` when given on the command line (otherwise the copy keeps the pod's setting). */
  shareProcesses?: boolean | undefined;
}

/** A debug container's name and whether it was generated (kubectl then says so). */
export interface DebugContainerName {
  name: string;
  generated: boolean;
}

function allContainerNames(pod: Pod): Set<string> {
  const spec = pod.spec;
  return new Set([...(spec?.containers ?? []), ...(spec?.initContainers ?? []), ...(spec?.ephemeralContainers ?? [])].map((c) => c.name));
}

/** The `-c` name, or a `debugger-xxxxx` that no container of the pod has. */
export function debugContainerName(pod: Pod, requested: string | undefined, random: () => string = randomSuffix): DebugContainerName {
  if (requested !== undefined && requested !== '') return { name: requested, generated: false };
  const taken = allContainerNames(pod);
  let name = '';
  while (name === '' || taken.has(name)) name = `debugger-${random()}`;
  return { name, generated: true };
}

function withCommand<C extends Container>(c: C, o: DebugContainerOptions): C {
  if (o.args.length === 0) return c;
  return o.argsOnly ? { ...c, args: [...o.args] } : { ...c, command: [...o.args] };
}

/**
 * What every debug container takes from the options, in the order Go writes the fields: the
 * environment, `resources: {}` (Go's empty struct), the termination message policy, the pull
 * policy, stdin and tty.
 */
function setContainerOptions(c: Container | EphemeralContainer, o: DebugContainerOptions): void {
  if (o.env.length > 0) c.env = o.env.map((e) => ({ ...e }));
  c.resources = {};
  c.terminationMessagePolicy = 'File';
  if (o.pullPolicy !== undefined && o.pullPolicy !== '') c.imagePullPolicy = o.pullPolicy;
  if (o.stdin) c.stdin = true;
  if (o.tty) c.tty = true;
}

/**
 * The pod with the ephemeral debug container added (what kubectl diffs against the pod to make
 * its patch), the container, and whether its name was generated.
 */
export function ephemeralDebugPod(pod: Pod, o: EphemeralDebugOptions): { pod: Pod; container: EphemeralContainer; name: DebugContainerName } {
  const name = debugContainerName(pod, o.container, o.random);
  // Fields in the order Go writes them; `resources: {}` as Go writes an empty struct.
  let ec: EphemeralContainer = { name: name.name, image: o.image };
  ec = withCommand(ec, o);
  setContainerOptions(ec, o);
  if (o.targetContainer !== undefined && o.targetContainer !== '') ec.targetContainerName = o.targetContainer;
  const copy = structuredClone(pod);
  const spec = copy.spec ?? { containers: [] };
  spec.ephemeralContainers = [...(spec.ephemeralContainers ?? []), ec];
  copy.spec = spec;
  applyDebugProfile(o.profile, copy, name.name, 'ephemeral', o.keep);
  const list = copy.spec.ephemeralContainers ?? [];
  const last = list.length - 1;
  if (o.custom !== undefined && last >= 0) list[last] = applyCustomProfile(list[last] ?? ec, o.custom);
  return { pod: copy, container: list[last] ?? ec, name };
}

/** The strategic merge patch of `pods/NAME/ephemeralcontainers` that turns `pod` into `debugPod`. */
export function ephemeralContainersPatch(pod: Pod, debugPod: Pod): JsonMap {
  const withKind = (p: Pod): KubeObject => toKubeObject({ ...p, apiVersion: 'v1', kind: 'Pod' });
  return createTwoWayPatch(withKind(pod), withKind(debugPod)).patch;
}

/**
 * The copy `--copy-to` creates: the pod's labels, annotations and spec (no ephemeral containers, no
 * node unless `--same-node`), images changed by `--set-image`, and the debug container added (or
 * the container named by `-c` changed). `container` is empty for a copy that only changes images.
 */
export function podCopyForDebug(pod: Pod, o: CopyDebugOptions): { pod: Pod; container: string; name: DebugContainerName } {
  const spec = structuredClone(pod.spec ?? { containers: [] });
  const meta = pod.metadata ?? {};
  const copy: Pod = { metadata: { name: o.copyTo, ...(meta.namespace !== undefined ? { namespace: meta.namespace } : {}) }, spec };
  if (meta.annotations !== undefined && copy.metadata !== undefined) copy.metadata.annotations = { ...meta.annotations };
  if (meta.labels !== undefined && copy.metadata !== undefined) copy.metadata.labels = { ...meta.labels };
  delete spec.ephemeralContainers;
  if (o.shareProcesses !== undefined) spec.shareProcessNamespace = o.shareProcesses;
  if (!o.sameNode) delete spec.nodeName;
  for (const c of spec.containers) {
    const override = o.setImages[c.name] ?? o.setImages['*'] ?? '';
    if (override !== '') c.image = override;
  }
  let name: DebugContainerName = { name: o.container ?? '', generated: false };
  let c: Container | undefined = [...spec.containers, ...(spec.initContainers ?? [])].find((x) => x.name === name.name);
  if (c === undefined) {
    if (o.image === '') {
      if (Object.keys(o.setImages).length > 0) return { pod: copy, container: '', name };
      throw new InputError('you must specify image when creating new container');
    }
    name = debugContainerName(copy, o.container, o.random);
    c = { name: name.name, terminationMessagePolicy: 'File' };
    spec.containers.push(c);
  }
  if (o.args.length > 0) {
    if (o.argsOnly) c.args = [...o.args];
    else {
      c.command = [...o.args];
      delete c.args;
    }
  }
  if (o.env.length > 0) c.env = o.env.map((e) => ({ ...e }));
  if (o.image !== '') c.image = o.image;
  if (o.pullPolicy !== undefined && o.pullPolicy !== '') c.imagePullPolicy = o.pullPolicy;
  c.stdin = o.stdin;
  c.tty = o.tty;
  applyDebugProfile(o.profile, copy, c.name, 'podCopy', o.keep);
  if (o.custom !== undefined) {
    const at = spec.containers.findIndex((x) => x.name === name.name);
    const target = spec.containers[at];
    if (at < 0 || target === undefined) throw new InputError(`unable to find the ${name.name} container in the pod ${o.copyTo}`);
    spec.containers[at] = applyCustomProfile(target, o.custom);
  }
  return { pod: copy, container: name.name, name };
}

/**
 * The pod `debug node/NAME` creates: `node-debugger-NODE-xxxxx` bound to the node, tolerating every
 * taint, never restarted, with the profile's host namespaces and root file system.
 */
export function nodeDebugPod(node: Node, o: DebugContainerOptions): { pod: Pod; container: string } {
  const nodeName = node.metadata?.name ?? '';
  const containerName = o.container !== undefined && o.container !== '' ? o.container : 'debugger';
  const random = o.random ?? randomSuffix;
  let c: Container = { name: containerName, image: o.image };
  setContainerOptions(c, o);
  c = withCommand(c, o);
  const pod: Pod = {
    metadata: { name: `node-debugger-${nodeName}-${random()}` },
    spec: { containers: [c], nodeName, restartPolicy: 'Never', tolerations: [{ operator: 'Exists' }] },
  };
  applyDebugProfile(o.profile, pod, containerName, 'node', o.keep);
  if (o.custom !== undefined && pod.spec !== undefined) {
    pod.spec.containers = pod.spec.containers.map((x) => (x.name === containerName && o.custom !== undefined ? applyCustomProfile(x, o.custom) : x));
  }
  return { pod, container: containerName };
}
