/**
 * NamespaceLifecycle: no new objects in a missing namespace (404) or a terminating one (403), and the
 * system namespaces can never be deleted.
 */
import type { Namespace } from '../../../sdk/types/generated/core-v1.js';
import { NAMESPACES } from '../../../sdk/naming.js';
import { forbidden, notFound } from '../../errors.js';
import type { AdmissionPlugin } from '../types.js';

/** Reads a namespace object (undefined when missing). */
export type NamespaceLookup = (name: string) => Promise<Namespace | undefined>;

const IMMORTAL = new Set<string>([NAMESPACES.default, NAMESPACES.system, NAMESPACES.public]);

/** Creates the plugin. */
export function namespaceLifecycle(lookup: NamespaceLookup): AdmissionPlugin {
  return {
    name: 'NamespaceLifecycle',
    async admit(attrs) {
      const def = attrs.def;
      const isNamespace = def.group === '' && def.plural === 'namespaces';
      if (isNamespace) {
        if (attrs.operation === 'DELETE' && IMMORTAL.has(attrs.name)) {
          throw forbidden({ group: '', resource: 'namespaces' }, attrs.name, 'this namespace may not be deleted');
        }
        return;
      }
      if (attrs.operation !== 'CREATE' || !def.namespaced || attrs.namespace === '') return;
      const ns = await lookup(attrs.namespace);
      if (ns === undefined) throw notFound({ group: '', resource: 'namespaces' }, attrs.namespace);
      if (ns.status?.phase === 'Terminating' || typeof ns.metadata?.deletionTimestamp === 'string') {
        const message = `unable to create new content in namespace ${attrs.namespace} because it is being terminated`;
        throw forbidden({ group: def.group, resource: def.plural }, attrs.name, message,
          [{ reason: 'NamespaceTerminating', message, field: 'metadata.namespace' }]);
      }
    },
    validate(attrs) {
      if (attrs.operation === 'DELETE' && attrs.def.group === '' && attrs.def.plural === 'namespaces' && IMMORTAL.has(attrs.name)) {
        throw forbidden({ group: '', resource: 'namespaces' }, attrs.name, 'this namespace may not be deleted');
      }
    },
  };
}
