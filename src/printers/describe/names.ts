/**
 * The `platform.io` keys the describers read that the rest of the code base has no constant for,
 * built from the domain in `sdk/naming` (kubectl reads the same keys under `kubernetes.io`).
 */
import { ANNOTATIONS, DOMAIN } from '../../sdk/naming.js';

/** `volume.beta.kubernetes.io/storage-class`: the class of a volume or claim, before `storageClassName`. */
export const BETA_STORAGE_CLASS_ANNOTATION = `volume.beta.${DOMAIN}/storage-class`;
/** `storageclass.kubernetes.io/is-default-class` and its beta form. */
export const DEFAULT_STORAGE_CLASS_ANNOTATIONS: readonly string[] = [ANNOTATIONS.defaultStorageClass, ANNOTATIONS.defaultStorageClassBeta];
/** `kubernetes.io/service-name`: the Service an EndpointSlice belongs to. */
export const SERVICE_NAME_LABEL = `${DOMAIN}/service-name`;
/** `kubernetes.io/config.mirror`: a mirror pod's annotation holding the static pod's UID. */
export const MIRROR_POD_ANNOTATION = `${DOMAIN}/config.mirror`;
