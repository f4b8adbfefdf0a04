/**
 * `describe configmap` and `describe secret` as kubectl prints them: ConfigMap values in full under
 * `key:` / `----` headings, binary data and Secret values only as their size in bytes (a Secret's
 * values never reach the terminal, except the token of a service-account token Secret, as kubectl).
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import { SECRET_TYPES } from '../../sdk/naming.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { obj, str } from './json-access.js';
import { LEVEL_0, tabbedString } from './writer.js';
import { sortedKeys } from '../../machinery/json/go-json.js';
import { printObjectHeader } from './object-header.js';
import { withoutTrailing } from '../../machinery/trailing.js';

/** Bytes of a base64 value (what Go's `len([]byte)` of the decoded field gives). */
function decodedLength(base64: unknown): number {
  if (typeof base64 !== 'string') return 0;
  const clean = withoutTrailing(base64, '=');
  return Math.floor((clean.length * 3) / 4);
}

/** `describe configmap`. Keys are sorted (kubectl walks a Go map: its order varies from run to run). */
export function describeConfigMap(cm: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const meta = cm.metadata ?? {};
  return tabbedString((w) => {
    printObjectHeader(w, meta);
    w.write(LEVEL_0, '\nData\n====\n');
    const data = obj(cm['data']);
    for (const key of sortedKeys(data)) {
      w.write(LEVEL_0, `${key}:\n----\n`);
      w.write(LEVEL_0, `${str(data[key])}\n`);
      w.write(LEVEL_0, '\n');
    }
    w.write(LEVEL_0, '\nBinaryData\n====\n');
    const binary = obj(cm['binaryData']);
    for (const key of sortedKeys(binary)) w.write(LEVEL_0, `${key}: ${decodedLength(binary[key])} bytes\n`);
    w.write(LEVEL_0, '\n');
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}

/** `describe secret`: sizes only; kubectl shows no events for Secrets. */
export function describeSecret(secret: KubeObject): string {
  const meta = secret.metadata ?? {};
  const type = str(secret['type']);
  return tabbedString((w) => {
    printObjectHeader(w, meta);
    w.write(LEVEL_0, `\nType:\t${type}\n`);
    w.write(LEVEL_0, '\nData\n====\n');
    const data = obj(secret['data']);
    for (const key of sortedKeys(data)) {
      if (key === 'token' && type === SECRET_TYPES.serviceAccountToken) {
        w.write(LEVEL_0, `${key}:\t${Buffer.from(str(data[key]), 'base64').toString('utf8')}\n`);
      } else {
        w.write(LEVEL_0, `${key}:\t${decodedLength(data[key])} bytes\n`);
      }
    }
  });
}
