/**
 * Discovery documents: the legacy `/api`, `/apis`, `/api/v1`, `/apis/<group>/<version>` shapes and the
 * aggregated discovery `APIGroupDiscoveryList` (`apidiscovery.platform.io/v2` and `v2beta1`).
 */
import type { TypeMeta } from './meta.js';

/** `/api`: the versions of the core group. */
export interface APIVersions extends TypeMeta {
  versions: string[];
  serverAddressByClientCIDRs?: { clientCIDR: string; serverAddress: string }[];
}

/** One version of a group in `/apis`. */
export interface GroupVersionForDiscovery {
  /** `<group>/<version>`, or `<version>` for the core group. */
  groupVersion: string;
  version: string;
}

/** A group in `/apis`. */
export interface APIGroup extends TypeMeta {
  name: string;
  versions: GroupVersionForDiscovery[];
  preferredVersion?: GroupVersionForDiscovery;
}

/** `/apis`: all named groups. */
export interface APIGroupList extends TypeMeta {
  groups: APIGroup[];
}

/** One resource (or `resource/subresource`) of a group version. */
export interface APIResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  kind: string;
  verbs: string[];
  group?: string;
  version?: string;
  shortNames?: string[];
  categories?: string[];
  storageVersionHash?: string;
}

/** `/api/v1` or `/apis/<group>/<version>`: the resources of a group version. */
export interface APIResourceList extends TypeMeta {
  groupVersion: string;
  resources: APIResource[];
}

/** Group, version and kind as aggregated discovery writes them. */
export interface DiscoveryGroupVersionKind {
  group?: string;
  version?: string;
  kind?: string;
}

/** A sub-resource in aggregated discovery. */
export interface APISubresourceDiscovery {
  subresource: string;
  responseKind?: DiscoveryGroupVersionKind;
  acceptedTypes?: DiscoveryGroupVersionKind[];
  verbs: string[];
}

/** A resource in aggregated discovery. */
export interface APIResourceDiscovery {
  resource: string;
  responseKind?: DiscoveryGroupVersionKind;
  scope: 'Cluster' | 'Namespaced';
  singularResource: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
  subresources?: APISubresourceDiscovery[];
}

/** A version of a group in aggregated discovery; the first version listed is the preferred one. */
export interface APIVersionDiscovery {
  version: string;
  resources?: APIResourceDiscovery[];
  freshness?: 'Current' | 'Stale';
}

/** A group in aggregated discovery (`metadata.name` is the group, empty for core). */
export interface APIGroupDiscovery extends TypeMeta {
  metadata?: { name?: string };
  versions?: APIVersionDiscovery[];
}

/** The aggregated discovery document served at `/api` and `/apis`. */
export interface APIGroupDiscoveryList extends TypeMeta {
  metadata?: { resourceVersion?: string };
  items: APIGroupDiscovery[];
}

/** The server's `/version` answer. */
export interface VersionInfo {
  major: string;
  minor: string;
  gitVersion: string;
  gitCommit?: string;
  gitTreeState?: string;
  buildDate?: string;
  goVersion?: string;
  compiler?: string;
  platform?: string;
  emulationMajor?: string;
  emulationMinor?: string;
  minCompatibilityMajor?: string;
  minCompatibilityMinor?: string;
}
