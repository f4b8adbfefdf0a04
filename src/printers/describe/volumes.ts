/**
 * Volume sources as kubectl's describers print them (`describeVolumes` for pods and pod
 * templates, the `Source:` of a PersistentVolume), and the tolerations and taints lists.
 * Values are printed as Go's `%v` prints the typed fields: missing strings empty, missing numbers
 * 0, missing booleans false, references as the generated `String()` methods print them.
 */
import { compareUtf8 } from '../../machinery/json/go-json.js';
import { formatQuantity } from '../../machinery/quantity/format.js';
import { quantityOf } from '../../machinery/quantity/text.js';
import { printListSection } from './format.js';
import { bool, num, obj, objs, str, strs } from './json-access.js';
import { printPersistentVolumeClaim } from './persistent-volume-claim.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3 } from './writer.js';

type Json = Record<string, unknown>;

const MAX_ANNOTATION_LEN = 140;

/** Go's `%v` of a `[]string`. */
export function sliceText(v: unknown): string {
  return `[${strs(v).join(' ')}]`;
}

/** Go's `%v` of a `map[string]string` (keys sorted). */
function mapText(v: unknown): string {
  const m = obj(v);
  return `map[${Object.keys(m).sort(compareUtf8).map((k) => `${k}:${str(m[k])}`).join(' ')}]`;
}

/** A `*LocalObjectReference` as `%v` prints it (its generated `String()`). */
function localRefText(v: unknown): string {
  if (v === undefined || v === null) return 'nil';
  return `&LocalObjectReference{Name:${str(obj(v)['name'])},}`;
}

/** A `*SecretReference` as `%v` prints it. */
function secretRefText(v: unknown): string {
  if (v === undefined || v === null) return 'nil';
  const r = obj(v);
  return `&SecretReference{Name:${str(r['name'])},Namespace:${str(r['namespace'])},}`;
}

/** A `*bool` field as `%v` of the pointer prints it: `<nil>`, else the value (an address in Go). */
function boolPtrText(v: unknown): string {
  return typeof v === 'boolean' ? String(v) : '<nil>';
}

type Field = [label: string, value: (s: Json) => string];

const s = (key: string) => (src: Json): string => str(src[key]);
const n = (key: string) => (src: Json): string => String(num(src[key]));
const b = (key: string) => (src: Json): string => String(bool(src[key]));

/** `Type:\t<title>` and then each field on its own line, four spaces in. */
function printSource(w: DescribeWriter, title: string, src: Json, fields: readonly Field[]): void {
  w.write(LEVEL_2, `Type:\t${title}\n`);
  for (const [label, value] of fields) w.write(LEVEL_2, `${label}\t${value(src)}\n`);
}

/** Every volume source of a pod with kubectl's title and fields, in kubectl's order of checking. */
const POD_SOURCES: readonly [key: string, print: (src: Json, w: DescribeWriter) => void][] = [
  ['hostPath', printHostPath],
  ['emptyDir', (src, w) => {
    const limit = src['sizeLimit'];
    const q = limit === undefined || limit === null ? undefined : quantityOf(String(limit));
    const size = q !== undefined && q.unscaled > 0n ? formatQuantity(q) : '<unset>';
    printSource(w, "EmptyDir (a temporary directory that shares a pod's lifetime)", src, [['Medium:', s('medium')], ['SizeLimit:', () => size]]);
  }],
  ['gcePersistentDisk', printGcePd],
  ['awsElasticBlockStore', printAwsEbs],
  ['gitRepo', (src, w) => printSource(w, 'GitRepo (a volume that is pulled from git when the pod is created)', src, [['Repository:', s('repository')], ['Revision:', s('revision')]])],
  ['secret', (src, w) => printSource(w, 'Secret (a volume populated by a Secret)', src, [['SecretName:', s('secretName')], ['Optional:', b('optional')]])],
  ['configMap', (src, w) => printSource(w, 'ConfigMap (a volume populated by a ConfigMap)', src, [['Name:', s('name')], ['Optional:', b('optional')]])],
  ['nfs', printNfs],
  ['iscsi', printIscsi],
  ['glusterfs', (src, w) => printSource(w, "Glusterfs (a Glusterfs mount on the host that shares a pod's lifetime)", src, [['EndpointsName:', s('endpoints')], ['Path:', s('path')], ['ReadOnly:', b('readOnly')]])],
  ['persistentVolumeClaim', (src, w) => printSource(w, 'PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)', src, [['ClaimName:', s('claimName')], ['ReadOnly:', b('readOnly')]])],
  ['ephemeral', printEphemeral],
  ['rbd', printRbd],
  ['quobyte', printQuobyte],
  ['downwardAPI', (src, w) => {
    w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n');
    w.write(LEVEL_2, 'Items:\n');
    for (const item of objs(src['items'])) {
      if (item['fieldRef'] !== undefined) w.write(LEVEL_3, `${str(obj(item['fieldRef'])['fieldPath'])} -> ${str(item['path'])}\n`);
      if (item['resourceFieldRef'] !== undefined) w.write(LEVEL_3, `${str(obj(item['resourceFieldRef'])['resource'])} -> ${str(item['path'])}\n`);
    }
  }],
  ['azureDisk', printAzureDisk],
  ['vsphereVolume', printVsphere],
  ['cinder', (src, w) => printSource(w, 'Cinder (a Persistent Disk resource in OpenStack)', src, [['VolumeID:', s('volumeID')], ['FSType:', s('fsType')], ['ReadOnly:', b('readOnly')], ['SecretRef:', (x) => localRefText(x['secretRef'])]])],
  ['photonPersistentDisk', printPhoton],
  ['portworxVolume', printPortworx],
  ['scaleIO', (src, w) => printSource(w, 'ScaleIO (a persistent volume backed by a block device in ScaleIO)', src, [
    ['Gateway:', s('gateway')], ['System:', s('system')], ['Protection Domain:', s('protectionDomain')], ['Storage Pool:', s('storagePool')],
    ['Storage Mode:', s('storageMode')], ['VolumeName:', s('volumeName')], ['FSType:', s('fsType')], ['ReadOnly:', b('readOnly')],
  ])],
  ['cephfs', (src, w) => printCephFs(src, w, localRefText)],
  ['storageos', printStorageOs],
  ['fc', printFc],
  ['azureFile', (src, w) => printSource(w, 'AzureFile (an Azure File Service mount on the host and bind mount to the pod)', src, [['SecretName:', s('secretName')], ['ShareName:', s('shareName')], ['ReadOnly:', b('readOnly')]])],
  ['flexVolume', (src, w) => printFlex(src, w, localRefText)],
  ['flocker', printFlocker],
  ['projected', printProjected],
  ['csi', (src, w) => {
    printSource(w, 'CSI (a Container Storage Interface (CSI) volume source)', src, [['Driver:', s('driver')], ['FSType:', s('fsType')], ['ReadOnly:', b('readOnly')]]);
    printVolumeAttributes(w, obj(src['volumeAttributes']));
  }],
  ['image', (src, w) => printSource(w, 'Image (a container image or OCI artifact)', src, [['Reference:', s('reference')], ['PullPolicy:', s('pullPolicy')]])],
];

function printHostPath(src: Json, w: DescribeWriter): void {
  printSource(w, 'HostPath (bare host directory volume)', src, [['Path:', s('path')], ['HostPathType:', (x) => (typeof x['type'] === 'string' ? x['type'] : '<none>')]]);
}

function printGcePd(src: Json, w: DescribeWriter): void {
  printSource(w, 'GCEPersistentDisk (a Persistent Disk resource in Google Compute Engine)', src, [['PDName:', s('pdName')], ['FSType:', s('fsType')], ['Partition:', n('partition')], ['ReadOnly:', b('readOnly')]]);
}

function printAwsEbs(src: Json, w: DescribeWriter): void {
  printSource(w, 'AWSElasticBlockStore (a Persistent Disk resource in AWS)', src, [['VolumeID:', s('volumeID')], ['FSType:', s('fsType')], ['Partition:', n('partition')], ['ReadOnly:', b('readOnly')]]);
}

function printNfs(src: Json, w: DescribeWriter): void {
  printSource(w, 'NFS (an NFS mount that lasts the lifetime of a pod)', src, [['Server:', s('server')], ['Path:', s('path')], ['ReadOnly:', b('readOnly')]]);
}

function printQuobyte(src: Json, w: DescribeWriter): void {
  printSource(w, "Quobyte (a Quobyte mount on the host that shares a pod's lifetime)", src, [['Registry:', s('registry')], ['Volume:', s('volume')], ['ReadOnly:', b('readOnly')]]);
}

function printPortworx(src: Json, w: DescribeWriter): void {
  printSource(w, 'PortworxVolume (a Portworx Volume resource)', src, [['VolumeID:', s('volumeID')]]);
}

function printIscsi(src: Json, w: DescribeWriter, secretRef: (v: unknown) => string = localRefText): void {
  printSource(w, "ISCSI (an ISCSI Disk resource that is attached to a kubelet's host machine and then exposed to the pod)", src, [
    ['TargetPortal:', s('targetPortal')], ['IQN:', s('iqn')], ['Lun:', n('lun')], ['ISCSIInterface', s('iscsiInterface')], ['FSType:', s('fsType')],
    ['ReadOnly:', b('readOnly')], ['Portals:', (x) => sliceText(x['portals'])], ['DiscoveryCHAPAuth:', b('chapAuthDiscovery')], ['SessionCHAPAuth:', b('chapAuthSession')],
    ['SecretRef:', (x) => secretRef(x['secretRef'])], ['InitiatorName:', (x) => (typeof x['initiatorName'] === 'string' ? x['initiatorName'] : '<none>')],
  ]);
}

function printRbd(src: Json, w: DescribeWriter, secretRef: (v: unknown) => string = localRefText): void {
  printSource(w, "RBD (a Rados Block Device mount on the host that shares a pod's lifetime)", src, [
    ['CephMonitors:', (x) => sliceText(x['monitors'])], ['RBDImage:', s('image')], ['FSType:', s('fsType')], ['RBDPool:', s('pool')],
    ['RadosUser:', s('user')], ['Keyring:', s('keyring')], ['SecretRef:', (x) => secretRef(x['secretRef'])], ['ReadOnly:', b('readOnly')],
  ]);
}

function printAzureDisk(src: Json, w: DescribeWriter): void {
  printSource(w, 'AzureDisk (an Azure Data Disk mount on the host and bind mount to the pod)', src, [
    ['DiskName:', s('diskName')], ['DiskURI:', s('diskURI')], ['Kind: ', s('kind')], ['FSType:', s('fsType')], ['CachingMode:', s('cachingMode')], ['ReadOnly:', b('readOnly')],
  ]);
}

function printVsphere(src: Json, w: DescribeWriter): void {
  printSource(w, 'vSphereVolume (a Persistent Disk resource in vSphere)', src, [['VolumePath:', s('volumePath')], ['FSType:', s('fsType')], ['StoragePolicyName:', s('storagePolicyName')]]);
}

function printPhoton(src: Json, w: DescribeWriter): void {
  printSource(w, 'PhotonPersistentDisk (a Persistent Disk resource in photon platform)', src, [['PdID:', s('pdID')], ['FSType:', s('fsType')]]);
}

function printCephFs(src: Json, w: DescribeWriter, secretRef: (v: unknown) => string): void {
  printSource(w, "CephFS (a CephFS mount on the host that shares a pod's lifetime)", src, [
    ['Monitors:', (x) => sliceText(x['monitors'])], ['Path:', s('path')], ['User:', s('user')], ['SecretFile:', s('secretFile')],
    ['SecretRef:', (x) => secretRef(x['secretRef'])], ['ReadOnly:', b('readOnly')],
  ]);
}

function printStorageOs(src: Json, w: DescribeWriter): void {
  printSource(w, 'StorageOS (a StorageOS Persistent Disk resource)', src, [['VolumeName:', s('volumeName')], ['VolumeNamespace:', s('volumeNamespace')], ['FSType:', s('fsType')], ['ReadOnly:', b('readOnly')]]);
}

function printFc(src: Json, w: DescribeWriter): void {
  printSource(w, 'FC (a Fibre Channel disk)', src, [
    ['TargetWWNs:', (x) => strs(x['targetWWNs']).join(', ')], ['LUN:', (x) => (typeof x['lun'] === 'number' ? String(x['lun']) : '<none>')],
    ['FSType:', s('fsType')], ['ReadOnly:', b('readOnly')],
  ]);
}

function printFlex(src: Json, w: DescribeWriter, secretRef: (v: unknown) => string): void {
  printSource(w, 'FlexVolume (a generic volume resource that is provisioned/attached using an exec based plugin)', src, [
    ['Driver:', s('driver')], ['FSType:', s('fsType')], ['SecretRef:', (x) => secretRef(x['secretRef'])], ['ReadOnly:', b('readOnly')], ['Options:', (x) => mapText(x['options'])],
  ]);
}

function printFlocker(src: Json, w: DescribeWriter): void {
  printSource(w, 'Flocker (a Flocker volume mounted by the Flocker agent)', src, [['DatasetName:', s('datasetName')], ['DatasetUUID:', s('datasetUUID')]]);
}

function printProjected(src: Json, w: DescribeWriter): void {
  w.write(LEVEL_2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
  for (const source of objs(src['sources'])) {
    if (source['secret'] !== undefined) {
      const secret = obj(source['secret']);
      w.write(LEVEL_2, `SecretName:\t${str(secret['name'])}\n`);
      w.write(LEVEL_2, `SecretOptionalName:\t${boolPtrText(secret['optional'])}\n`);
    } else if (source['downwardAPI'] !== undefined) {
      w.write(LEVEL_2, 'DownwardAPI:\ttrue\n');
    } else if (source['configMap'] !== undefined) {
      const cm = obj(source['configMap']);
      w.write(LEVEL_2, `ConfigMapName:\t${str(cm['name'])}\n`);
      w.write(LEVEL_2, `ConfigMapOptional:\t${boolPtrText(cm['optional'])}\n`);
    } else if (source['serviceAccountToken'] !== undefined) {
      w.write(LEVEL_2, `TokenExpirationSeconds:\t${num(obj(source['serviceAccountToken'])['expirationSeconds'])}\n`);
    }
  }
}

/** `printCSIPersistentVolumeAttributesMultiline`: `VolumeAttributes:` and one sorted `key=value` a line. */
function printVolumeAttributes(w: DescribeWriter, attributes: Json): void {
  w.write(LEVEL_2, 'VolumeAttributes:\t');
  const keys = Object.keys(attributes).sort(compareUtf8);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_2, '\t');
    const line = `${key}=${str(attributes[key])}`;
    w.write(LEVEL_2, line.length > MAX_ANNOTATION_LEN ? `${line.slice(0, MAX_ANNOTATION_LEN)}...\n` : `${line}\n`);
  });
}

function printEphemeral(src: Json, w: DescribeWriter): void {
  w.write(LEVEL_2, 'Type:\tEphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)\n');
  const template = src['volumeClaimTemplate'];
  if (template !== undefined && template !== null) printPersistentVolumeClaim(w.nested(LEVEL_2), obj(template), false, undefined);
}

/** The `Volumes:` section of a pod or pod template. */
export function describeVolumes(volumes: Json[], w: DescribeWriter, space: string): void {
  printListSection(w, `${space}Volumes`, volumes, (volume) => {
    w.write(LEVEL_1, `${space.length > 0 ? ' ' : ''}${str(volume['name'])}:\n`);
    const found = POD_SOURCES.find(([key]) => volume[key] !== undefined && volume[key] !== null);
    if (found === undefined) w.write(LEVEL_1, '<unknown>\n');
    else found[1](obj(volume[found[0]]), w);
  });
}

/** The `Source:` of a PersistentVolume, in kubectl's order of checking. */
const PV_SOURCES: readonly [key: string, print: (src: Json, w: DescribeWriter) => void][] = [
  ['hostPath', printHostPath],
  ['gcePersistentDisk', printGcePd],
  ['awsElasticBlockStore', printAwsEbs],
  ['nfs', printNfs],
  ['iscsi', (src, w) => printIscsi(src, w, secretRefText)],
  ['glusterfs', (src, w) => printSource(w, "Glusterfs (a Glusterfs mount on the host that shares a pod's lifetime)", src, [
    ['EndpointsName:', s('endpoints')], ['EndpointsNamespace:', (x) => (typeof x['endpointsNamespace'] === 'string' ? x['endpointsNamespace'] : '<unset>')],
    ['Path:', s('path')], ['ReadOnly:', b('readOnly')],
  ])],
  ['rbd', (src, w) => printRbd(src, w, secretRefText)],
  ['quobyte', printQuobyte],
  ['vsphereVolume', printVsphere],
  ['cinder', (src, w) => printSource(w, 'Cinder (a Persistent Disk resource in OpenStack)', src, [['VolumeID:', s('volumeID')], ['FSType:', s('fsType')], ['ReadOnly:', b('readOnly')], ['SecretRef:', (x) => secretRefText(x['secretRef'])]])],
  ['azureDisk', printAzureDisk],
  ['photonPersistentDisk', printPhoton],
  ['portworxVolume', printPortworx],
  ['scaleIO', (src, w) => {
    const ref = obj(src['secretRef']);
    printSource(w, 'ScaleIO (a persistent volume backed by a block device in ScaleIO)', src, [
      ['Gateway:', s('gateway')], ['System:', s('system')], ['Protection Domain:', s('protectionDomain')], ['Storage Pool:', s('storagePool')],
      ['Storage Mode:', s('storageMode')], ['VolumeName:', s('volumeName')], ['SecretName:', () => str(ref['name'])], ['SecretNamespace:', () => str(ref['namespace'])],
      ['FSType:', s('fsType')], ['ReadOnly:', b('readOnly')],
    ]);
  }],
  ['local', (src, w) => printSource(w, 'LocalVolume (a persistent volume backed by local storage on a node)', src, [['Path:', s('path')]])],
  ['cephfs', (src, w) => printCephFs(src, w, secretRefText)],
  ['storageos', printStorageOs],
  ['fc', printFc],
  ['azureFile', (src, w) => printSource(w, 'AzureFile (an Azure File Service mount on the host and bind mount to the pod)', src, [
    ['SecretName:', s('secretName')], ['SecretNamespace:', s('secretNamespace')], ['ShareName:', s('shareName')], ['ReadOnly:', b('readOnly')],
  ])],
  ['flexVolume', (src, w) => printFlex(src, w, secretRefText)],
  ['flocker', printFlocker],
  ['csi', (src, w) => {
    printSource(w, 'CSI (a Container Storage Interface (CSI) volume source)', src, [['Driver:', s('driver')], ['FSType:', s('fsType')], ['VolumeHandle:', s('volumeHandle')], ['ReadOnly:', b('readOnly')]]);
    printVolumeAttributes(w, obj(src['volumeAttributes']));
  }],
];

/** The `Source:` lines of a PersistentVolume spec. */
export function describePersistentVolumeSource(spec: Json, w: DescribeWriter): void {
  const found = PV_SOURCES.find(([key]) => spec[key] !== undefined && spec[key] !== null);
  if (found === undefined) w.write(LEVEL_1, '<unknown>\n');
  else found[1](obj(spec[found[0]]), w);
}

/** Tolerations as kubectl lists them: sorted by key, `key=value:Effect op=Exists for 300s`. */
export function printTolerationsMultiline(w: DescribeWriter, title: string, tolerations: Json[]): void {
  w.write(LEVEL_0, `${title}:\t`);
  if (tolerations.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const sorted = tolerations.map((t, i) => ({ t, i })).sort((a, b2) => compareUtf8(str(a.t['key']), str(b2.t['key'])) || a.i - b2.i).map((x) => x.t);
  sorted.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    let line = str(t['key']);
    if (str(t['value'])) line += `=${str(t['value'])}`;
    if (str(t['effect'])) line += `:${str(t['effect'])}`;
    if (str(t['operator']) === 'Exists' && !str(t['value'])) {
      line += str(t['key']) || str(t['effect']) ? ' op=Exists' : 'op=Exists';
    }
    if (typeof t['tolerationSeconds'] === 'number') line += ` for ${t['tolerationSeconds']}s`;
    w.write(LEVEL_0, `${line}\n`);
  });
}

/** Taints as kubectl lists them: sorted by effect then key, `key=value:Effect`. */
export function printTaintsMultiline(w: DescribeWriter, title: string, taints: Json[]): void {
  w.write(LEVEL_0, `${title}:\t`);
  if (taints.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const key = (t: Json): string => `${str(t['effect'])},${str(t['key'])}`;
  const sorted = taints.map((t, i) => ({ t, i })).sort((a, b2) => compareUtf8(key(a.t), key(b2.t)) || a.i - b2.i).map((x) => x.t);
  sorted.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    w.write(LEVEL_0, `${taintString(t)}\n`);
  });
}

/** `Taint.ToString()`: `key=value:Effect`, `key:Effect`, `key=value:` or `key`. */
export function taintString(t: Json): string {
  const key = str(t['key']);
  const value = str(t['value']);
  const effect = str(t['effect']);
  if (!effect) return value ? `${key}=${value}:` : key;
  return value ? `${key}=${value}:${effect}` : `${key}:${effect}`;
}
