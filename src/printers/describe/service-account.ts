/**
 * `describe serviceaccount`: the image pull secrets, mountable secrets and token secrets of the
 * account, each name marked `(not found)` when the namespace has no such Secret.
 */
import { ANNOTATIONS, SECRET_TYPES } from '../../sdk/naming.js';
import type { KubeObject } from '../../sdk/types/meta.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { objs, str } from './json-access.js';
import { LEVEL_0, tabbedString } from './writer.js';
import { printObjectHeader } from './object-header.js';

const EMPTY_HEADER = '                   ';

/**
 * @param secrets - the Secrets of the account's namespace, or undefined when they could not be
 *   listed (then no name is marked missing and no token is shown, as kubectl does)
 */
export function describeServiceAccount(account: KubeObject, secrets: readonly KubeObject[] | undefined, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const meta = account.metadata ?? {};
  const tokens: string[] = [];
  const missing = new Set<string>();
  const pull = objs(account['imagePullSecrets']).map((s) => str(s['name']));
  const mount = objs(account['secrets']).map((s) => str(s['name']));
  if (secrets !== undefined) {
    const existing = new Set<string>();
    for (const s of secrets) {
      const annotations = s.metadata?.annotations ?? {};
      if (s['type'] === SECRET_TYPES.serviceAccountToken && (annotations[ANNOTATIONS.serviceAccountName] ?? '') === (meta.name ?? '') &&
        (annotations[ANNOTATIONS.serviceAccountUid] ?? '') === (meta.uid ?? '')) {
        tokens.push(s.metadata?.name ?? '');
      }
      existing.add(s.metadata?.name ?? '');
    }
    for (const name of [...mount, ...pull]) if (!existing.has(name)) missing.add(name);
  }
  // kubectl walks its three headers in sorted order.
  const sections: [string, string[]][] = [['Image pull secrets:', pull], ['Mountable secrets: ', mount], ['Tokens:            ', tokens]];
  return tabbedString((w) => {
    printObjectHeader(w, meta);
    for (const [header, names] of sections) {
      if (names.length === 0) {
        w.write(LEVEL_0, `${header}\t<none>\n`);
        continue;
      }
      let prefix = header;
      for (const name of names) {
        w.write(LEVEL_0, `${prefix}\t${name}${missing.has(name) ? ' (not found)' : ''}\n`);
        prefix = EMPTY_HEADER;
      }
    }
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
