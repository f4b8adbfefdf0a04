import { formatQuantity, parseQuantity } from '../sort/quantity.js';
import { bool, num, obj, objs, str, strs } from './json-access.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3 } from './writer.js';

type Json = Record<string, unknown>;

function describeVolumeSource(v: Json, w: DescribeWriter): void {
  if (v['hostPath'] !== undefined) {
    const h = obj(v['hostPath']);
    w.write(LEVEL_2, `Type:\tHostPath (bare host directory volume)\n    Path:\t${str(h['path'])}\n    HostPathType:\t${h['type'] === undefined ? '<none>' : str(h['type'])}\n`);
  } else if (v['emptyDir'] !== undefined) {
    const e = obj(v['emptyDir']);
    const limit = e['sizeLimit'] === undefined ? undefined : String(e['sizeLimit']);
    const q = limit === undefined ? undefined : parseQuantity(limit);
    const size = limit !== undefined && q !== undefined && q.numerator > 0n ? formatQuantity(limit) : '<unset>';
    w.write(LEVEL_2, `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${str(e['medium'])}\n    SizeLimit:\t${size}\n`);
  } else if (v['secret'] !== undefined) {
    const s = obj(v['secret']);
    w.write(LEVEL_2, `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${str(s['secretName'])}\n    Optional:\t${bool(s['optional'])}\n`);
  } else if (v['configMap'] !== undefined) {
    const c = obj(v['configMap']);
    w.write(LEVEL_2, `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${str(c['name'])}\n    Optional:\t${bool(c['optional'])}\n`);
  } else if (v['nfs'] !== undefined) {
    const n = obj(v['nfs']);
    w.write(LEVEL_2, `Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t${str(n['server'])}\n    Path:\t${str(n['path'])}\n    ReadOnly:\t${bool(n['readOnly'])}\n`);
  } else if (v['persistentVolumeClaim'] !== undefined) {
    const p = obj(v['persistentVolumeClaim']);
    w.write(LEVEL_2, `Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t${str(p['claimName'])}\n    ReadOnly:\t${bool(p['readOnly'])}\n`);
  } else if (v['downwardAPI'] !== undefined) {
    w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
    for (const item of objs(obj(v['downwardAPI'])['items'])) {
      if (item['fieldRef'] !== undefined) w.write(LEVEL_3, `${str(obj(item['fieldRef'])['fieldPath'])} -> ${str(item['path'])}\n`);
      if (item['resourceFieldRef'] !== undefined) w.write(LEVEL_3, `${str(obj(item['resourceFieldRef'])['resource'])} -> ${str(item['path'])}\n`);
    }
  } else if (v['projected'] !== undefined) {
    w.write(LEVEL_2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
    for (const source of objs(obj(v['projected'])['sources'])) {
      if (source['secret'] !== undefined) {
        const s = obj(source['secret']);
        w.write(LEVEL_2, `SecretName:\t${str(s['name'])}\n    SecretOptionalName:\t${optionalText(s['optional'])}\n`);
      } else if (source['downwardAPI'] !== undefined) {
        w.write(LEVEL_2, 'DownwardAPI:\ttrue\n');
      } else if (source['configMap'] !== undefined) {
        const c = obj(source['configMap']);
        w.write(LEVEL_2, `ConfigMapName:\t${str(c['name'])}\n    ConfigMapOptional:\t${optionalText(c['optional'])}\n`);
      } else if (source['serviceAccountToken'] !== undefined) {
        w.write(LEVEL_2, `TokenExpirationSeconds:\t${num(obj(source['serviceAccountToken'])['expirationSeconds'])}\n`);
      }
    }
  } else if (v['csi'] !== undefined) {
    const c = obj(v['csi']);
    const ro = bool(c['readOnly']);
    w.write(LEVEL_2, `Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t${str(c['driver'])}\n    FSType:\t${str(c['fsType'])}\n    ReadOnly:\t${ro}\n`);
    const attrs = obj(c['volumeAttributes']);
    const keys = Object.keys(attrs);
    if (keys.length > 0) {
      w.write(LEVEL_2, 'VolumeAttributes:');
      keys.sort().forEach((k, i) => {
        w.write(LEVEL_0, `${i === 0 ? '' : '                      '}${k}=${str(attrs[k])}\n`);
      });
    }
  } else if (v['image'] !== undefined) {
    const i = obj(v['image']);
    w.write(LEVEL_2, `Type:\tImage (a container image or OCI artifact)\n    Reference:\t${str(i['reference'])}\n    PullPolicy:\t${str(i['pullPolicy'])}\n`);
  } else {
    w.write(LEVEL_1, '<unknown>\n');
  }
}

/**
 * kubectl prints the optional flag of projected sources as a Go pointer: `<nil>` when unset (a
 * set one would print as an address; the value is shown instead).
 */
function optionalText(v: unknown): string {
  return typeof v === 'boolean' ? String(v) : '<nil>';
}

/** The `Volumes:` section of a pod or pod template. */
export function describeVolumes(volumes: Json[], w: DescribeWriter, space: string): void {
  if (volumes.length === 0) {
    w.write(LEVEL_0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(LEVEL_0, `${space}Volumes:\n`);
  for (const v of volumes) {
    w.write(LEVEL_1, `${space.length > 0 ? ' ' : ''}${str(v['name'])}:\n`);
    describeVolumeSource(v, w);
  }
}

/** Tolerations as kubectl lists them: sorted by key, `key=value:Effect op=Exists for 300s`. */
export function printTolerationsMultiline(w: DescribeWriter, title: string, tolerations: Json[], initialIndent = '', innerIndent = '\t'): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  if (tolerations.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const sorted = tolerations.map((t, i) => ({ t, i })).sort((a, b) => (str(a.t['key']) < str(b.t['key']) ? -1 : str(a.t['key']) > str(b.t['key']) ? 1 : a.i - b.i)).map((x) => x.t);
  sorted.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, `${initialIndent}${innerIndent}`);
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
  const sorted = taints.map((t, i) => ({ t, i })).sort((a, b) => (key(a.t) < key(b.t) ? -1 : key(a.t) > key(b.t) ? 1 : a.i - b.i)).map((x) => x.t);
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

/** The strings of a JSON array as Go's `%v` prints a slice. */
export function sliceText(v: unknown): string {
  return `[${strs(v).join(' ')}]`;
}
