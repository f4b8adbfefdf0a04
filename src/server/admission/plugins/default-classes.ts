/**
 * DefaultStorageClass and DefaultIngressClass: a new claim that names no storage class (neither
 * `spec.storageClassName` nor the beta annotation) gets the default StorageClass, and a new
 * Ingress that names no class (neither `spec.ingressClassName` nor the old annotation) gets the
 * default IngressClass. A class is the default when its `is-default-class` annotation is "true";
 * of several defaults the newest wins (by creation time, then name), as kube-apiserver chooses.
 * Without a default nothing changes.
 */
import { ANNOTATIONS, DOMAIN, GROUPS } from '../../../sdk/naming.js';
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { ObjectMeta } from '../../../sdk/types/generated/meta-v1.js';
import type { ServerCore } from '../../context.js';
import { storedAs, type KindDef } from '../../registry/kind-def.js';
import type { AdmissionPlugin } from '../types.js';

/** `volume.beta.kubernetes.io/storage-class`: the class of a claim before `storageClassName`. */
const BETA_STORAGE_CLASS = `volume.beta.${DOMAIN}/storage-class`;
/** `kubernetes.io/ingress.class`: the class of an Ingress before `ingressClassName`. */
const INGRESS_CLASS_ANNOTATION = `${DOMAIN}/ingress.class`;
/** `ingressclass.kubernetes.io/is-default-class`. */
const DEFAULT_INGRESS_CLASS = `ingressclass.${DOMAIN}/is-default-class`;

/**
 * The newest of the classes whose annotations mark them the default (ties: the first name), of a
 * class kind's def (undefined when the kind is not served).
 */
async function defaultClass<T extends JsonObject & { metadata?: ObjectMeta }>(ctx: ServerCore, def: KindDef<T> | undefined,
  isDefault: (annotations: Record<string, string>) => boolean): Promise<string | undefined> {
  if (def === undefined) return undefined;
  const defaults = (await ctx.store.list(def.bucket, {})).items.map((e) => storedAs(def, e.value).metadata ?? {}).filter((m) => isDefault(m.annotations ?? {}));
  const created = (m: ObjectMeta): number => Date.parse(m.creationTimestamp ?? '') || 0;
  const nameOf = (m: ObjectMeta): string => m.name ?? '';
  defaults.sort((a, b) => created(b) - created(a) || (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0));
  const first = defaults[0];
  return first === undefined ? undefined : nameOf(first);
}

function isCreateOf(attrs: Parameters<NonNullable<AdmissionPlugin['admit']>>[0], group: string, plural: string): boolean {
  return attrs.operation === 'CREATE' && attrs.subresource === '' && attrs.def.group === group && attrs.def.plural === plural && attrs.object !== undefined;
}

/** DefaultStorageClass. */
export function defaultStorageClassPlugin(ctx: ServerCore): AdmissionPlugin {
  return {
    name: 'DefaultStorageClass',
    async admit(attrs) {
      if (!isCreateOf(attrs, '', 'persistentvolumeclaims') || attrs.object === undefined) return;
      const claim = storedAs(ctx.registry.kind('v1', 'PersistentVolumeClaim'), attrs.object);
      const spec = claim.spec ?? {};
      // A string, as the JSON reading had it: a server-made claim may hold a null class.
      if (typeof spec.storageClassName === 'string' || claim.metadata?.annotations?.[BETA_STORAGE_CLASS] !== undefined) return;
      const name = await defaultClass(ctx, ctx.registry.servedKind(`${GROUPS.storage}/v1`, 'StorageClass'),
        (a) => a[ANNOTATIONS.defaultStorageClass] === 'true' || a[ANNOTATIONS.defaultStorageClassBeta] === 'true');
      if (name === undefined) return;
      spec.storageClassName = name;
      claim.spec = spec;
    },
  };
}

/** DefaultIngressClass. */
export function defaultIngressClassPlugin(ctx: ServerCore): AdmissionPlugin {
  return {
    name: 'DefaultIngressClass',
    async admit(attrs) {
      if (!isCreateOf(attrs, GROUPS.networking, 'ingresses') || attrs.object === undefined) return;
      const ingress = storedAs(ctx.registry.kind(`${GROUPS.networking}/v1`, 'Ingress'), attrs.object);
      const spec = ingress.spec ?? {};
      if (typeof spec.ingressClassName === 'string' || ingress.metadata?.annotations?.[INGRESS_CLASS_ANNOTATION] !== undefined) return;
      const name = await defaultClass(ctx, ctx.registry.servedKind(`${GROUPS.networking}/v1`, 'IngressClass'), (a) => a[DEFAULT_INGRESS_CLASS] === 'true');
      if (name === undefined) return;
      spec.ingressClassName = name;
      ingress.spec = spec;
    },
  };
}
