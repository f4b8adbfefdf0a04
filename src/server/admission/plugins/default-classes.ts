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
import type { ServerCore } from '../../context.js';
import { asObject, asString, metaOf } from '../../util/json.js';
import type { AdmissionPlugin } from '../types.js';

/** `volume.beta.kubernetes.io/storage-class`: the class of a claim before `storageClassName`. */
const BETA_STORAGE_CLASS = `volume.beta.${DOMAIN}/storage-class`;
/** `kubernetes.io/ingress.class`: the class of an Ingress before `ingressClassName`. */
const INGRESS_CLASS_ANNOTATION = `${DOMAIN}/ingress.class`;
/** `ingressclass.kubernetes.io/is-default-class`. */
const DEFAULT_INGRESS_CLASS = `ingressclass.${DOMAIN}/is-default-class`;

function annotations(obj: JsonObject): JsonObject {
  return asObject(metaOf(obj).annotations) ?? {};
}

/** The newest of the classes whose annotations mark them the default (ties: the first name). */
async function defaultClass(ctx: ServerCore, group: string, plural: string, isDefault: (o: JsonObject) => boolean): Promise<string | undefined> {
  const def = ctx.registry.lookup(group, 'v1', plural);
  if (def === undefined) return undefined;
  const defaults = (await ctx.store.list(def.bucket, {})).items.map((e) => e.value).filter(isDefault);
  const created = (o: JsonObject): number => Date.parse(asString(metaOf(o).creationTimestamp) ?? '') || 0;
  const nameOf = (o: JsonObject): string => asString(metaOf(o).name) ?? '';
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
      const claim = attrs.object;
      const spec = asObject(claim.spec) ?? {};
      if (asString(spec.storageClassName) !== undefined || annotations(claim)[BETA_STORAGE_CLASS] !== undefined) return;
      const name = await defaultClass(ctx, GROUPS.storage, 'storageclasses', (sc) => {
        const a = annotations(sc);
        return a[ANNOTATIONS.defaultStorageClass] === 'true' || a[ANNOTATIONS.defaultStorageClassBeta] === 'true';
      });
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
      const ingress = attrs.object;
      const spec = asObject(ingress.spec) ?? {};
      if (asString(spec.ingressClassName) !== undefined || annotations(ingress)[INGRESS_CLASS_ANNOTATION] !== undefined) return;
      const name = await defaultClass(ctx, GROUPS.networking, 'ingressclasses', (ic) => annotations(ic)[DEFAULT_INGRESS_CLASS] === 'true');
      if (name === undefined) return;
      spec.ingressClassName = name;
      ingress.spec = spec;
    },
  };
}
