/**
 * The CRD controller: accepts a new CustomResourceDefinition's names (or reports the conflict),
 * marks it Established and serves its kind (discovery changes at once); when a CRD is deleted it
 * deletes the custom resources, then releases the cleanup finalizer, and the kind stops being served.
 */
import type { CustomResourceDefinition, CustomResourceDefinitionCondition, CustomResourceDefinitionNames } from '../../sdk/types/generated/apiextensions-v1.js';
import { GROUPS } from '../../sdk/naming.js';
import type { ServerContext } from '../context.js';
import { timestamp } from '../util/time.js';
import { CRD_CLEANUP_FINALIZER } from '../kinds/custom-resource-definition.js';
import { customResourceDefs } from '../registry/custom-resources.js';
import { storedAs } from '../registry/kind-def.js';
import { asString, objectOrEmpty as o } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import { realClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY } from '../control/reconcile-loop.js';

function acceptedNames(crd: CustomResourceDefinition): CustomResourceDefinitionNames {
  const names = crd.spec.names;
  const out: CustomResourceDefinitionNames = { plural: names.plural, singular: names.singular ?? '', kind: names.kind, listKind: names.listKind ?? '' };
  if (names.shortNames !== undefined && names.shortNames.length > 0) out.shortNames = names.shortNames;
  if (names.categories !== undefined && names.categories.length > 0) out.categories = names.categories;
  return out;
}

/** Creates the CRD controller. */
export function crdController(ctx: ServerContext): Controller {
  const client = new InternalClient(ctx, 'apiextensions-controller', 'platform-apiserver');
  const defCRD = ctx.registry.kind(`${GROUPS.apiextensions}/v1`, 'CustomResourceDefinition');

  async function conflict(crd: CustomResourceDefinition): Promise<string | undefined> {
    const { group, names: { plural, kind } } = crd.spec;
    const name = crd.metadata?.name ?? '';
    for (const d of ctx.registry.all()) {
      if (d.group !== group || d.custom?.crdName === name) continue;
      if (d.plural === plural) return `"${plural}" is already in use`;
      if (d.kind === kind) return `"${kind}" is already in use`;
    }
    for (const other of await client.list(defCRD)) {
      if (other.metadata?.name === name || other.spec.group !== group) continue;
      const accepted = other.status?.acceptedNames;
      if (accepted?.plural === plural) return `"${plural}" is already in use`;
      if (accepted?.kind === kind) return `"${kind}" is already in use`;
    }
    return undefined;
  }

  async function establish(crd: CustomResourceDefinition, name: string): Promise<void> {
    const problem = await conflict(crd);
    const now = timestamp(ctx.now());
    await client.update(defCRD, '', name, (obj) => {
      const status = obj.status ?? {};
      const previous = status.conditions ?? [];
      const keepTime = (type: string, s: string): string => {
        const p = previous.find((c) => c.type === type);
        return p !== undefined && p.status === s ? (p.lastTransitionTime ?? now) : now;
      };
      let conditions: CustomResourceDefinitionCondition[];
      if (problem === undefined) {
        status.acceptedNames = acceptedNames(obj);
        conditions = [
          { type: 'NamesAccepted', status: 'True', lastTransitionTime: keepTime('NamesAccepted', 'True'), reason: 'NoConflicts', message: 'no conflicts found' },
          { type: 'Established', status: 'True', lastTransitionTime: keepTime('Established', 'True'), reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' },
        ];
      } else {
        conditions = [
          { type: 'NamesAccepted', status: 'False', lastTransitionTime: keepTime('NamesAccepted', 'False'), reason: 'NameConflict', message: problem },
          { type: 'Established', status: 'False', lastTransitionTime: keepTime('Established', 'False'), reason: 'NotAccepted', message: 'not all names are accepted' },
        ];
      }
      const others = previous.filter((c) => c.type !== 'NamesAccepted' && c.type !== 'Established');
      const next = [...conditions, ...others];
      if (jsonEqual(previous, next) && jsonEqual(status.acceptedNames, problem === undefined ? acceptedNames(obj) : status.acceptedNames)) return false;
      status.conditions = next;
      obj.status = status;
      return true;
    }, 'status');
    if (problem === undefined) ctx.registry.setCustom(name, customResourceDefs(crd));
  }

  async function cleanup(crd: CustomResourceDefinition, name: string): Promise<void> {
    const defs = ctx.registry.customDefs(name);
    const def = defs[0];
    if (def !== undefined) {
      // Custom resources: read untyped.
      for (const item of await client.list(def)) {
        const meta = o(item.metadata);
        if (typeof meta.deletionTimestamp === 'string') continue;
        await client.delete(def, asString(meta.namespace) ?? '', asString(meta.name) ?? '');
      }
      const left = await client.list(def);
      if (left.length > 0) {
        loop.queue.addAfter(name, 200);
        return;
      }
    }
    await client.update(defCRD, '', name, (obj) => {
      const meta = obj.metadata ?? {};
      const finalizers = (meta.finalizers ?? []).filter((f) => f !== CRD_CLEANUP_FINALIZER);
      if (finalizers.length === (meta.finalizers ?? []).length) return false;
      if (finalizers.length === 0) delete meta.finalizers;
      else meta.finalizers = finalizers;
      return true;
    });
    void crd;
  }

  const loop = reconcileLoop({
    name: 'crd', ctx, clock: realClock(ctx.now), retry: STEADY_RETRY,
    reconcile: async (name) => {
      const crd = await client.get(defCRD, '', name);
      if (crd === undefined) {
        ctx.registry.setCustom(name, []);
        return;
      }
      if (typeof crd.metadata?.deletionTimestamp === 'string') await cleanup(crd, name);
      else await establish(crd, name);
    },
    // Established CRDs are served again at once, before their first sync.
    initialKeys: async () => (await client.list(defCRD)).map((crd) => {
      const name = crd.metadata?.name ?? '';
      const established = (crd.status?.conditions ?? []).some((c) => c.type === 'Established' && c.status === 'True');
      if (established) ctx.registry.setCustom(name, customResourceDefs(crd));
      return name;
    }),
    subscriptions: [ctx.onWrite((ev) => {
      if (ev.def.group !== GROUPS.apiextensions || ev.def.plural !== 'customresourcedefinitions') {
        // A removed custom resource may let a deleting CRD finish.
        if (ev.type === 'DELETED' && ev.def.custom !== undefined) loop.queue.add(ev.def.custom.crdName);
        return;
      }
      const name = storedAs(defCRD, ev.object).metadata?.name ?? '';
      if (ev.type === 'DELETED') {
        ctx.registry.setCustom(name, []);
        return;
      }
      // Serve the kind right away when the spec changed; the status update follows.
      loop.queue.add(name);
    })],
  });
  return loop;
}
