/**
 * `/openapi/v3`: the index of group versions and one document per group version carrying a schema
 * per kind (the CRD's own schema for custom resources; a minimal envelope for built-ins).
 */
import { createHash } from 'node:crypto';
import type { JsonObject } from '../../sdk/types/meta.js';
import type { Registry } from '../registry/registry.js';
import type { ResourceDef } from '../registry/types.js';
import { SERVER_VERSION } from './version.js';

function gvPath(group: string, version: string): string {
  return group === '' ? `api/${version}` : `apis/${group}/${version}`;
}

/** The schema name of a kind, reversed-domain style (`io.platform.api.apps.v1.Deployment`). */
export function schemaName(def: ResourceDef): string {
  const group = def.group === '' ? 'core' : def.group;
  return `${group.split('.').reverse().join('.')}.${def.version}.${def.kind}`;
}

function kindSchema(def: ResourceDef): JsonObject {
  const gvk = [{ group: def.group, version: def.version, kind: def.kind }];
  const crdSchema = def.custom?.openAPIV3Schema;
  if (crdSchema !== undefined) {
    const s = structuredClone(crdSchema);
    const props = (typeof s.properties === 'object' && s.properties !== null && !Array.isArray(s.properties) ? s.properties : {}) as JsonObject;
    props.apiVersion = { type: 'string', description: 'APIVersion defines the versioned schema of this representation of an object.' };
    props.kind = { type: 'string', description: 'Kind is a string value representing the REST resource this object represents.' };
    props.metadata = { type: 'object' };
    s.properties = props;
    s['x-platform-group-version-kind'] = gvk;
    return s;
  }
  return {
    type: 'object',
    description: `${def.kind} (${def.group === '' ? '' : `${def.group}/`}${def.version}).`,
    properties: {
      apiVersion: { type: 'string', description: 'APIVersion defines the versioned schema of this representation of an object.' },
      kind: { type: 'string', description: 'Kind is a string value representing the REST resource this object represents.' },
      metadata: { type: 'object', description: "Standard object's metadata." },
      spec: { type: 'object', 'x-platform-preserve-unknown-fields': true },
      status: { type: 'object', 'x-platform-preserve-unknown-fields': true },
    },
    'x-platform-group-version-kind': gvk,
  };
}

/** One group version's document. */
export function openAPIDocument(registry: Registry, group: string, version: string): JsonObject | undefined {
  const defs = registry.resourcesOf(group, version);
  if (defs.length === 0) return undefined;
  const schemas: JsonObject = {};
  const paths: JsonObject = {};
  for (const d of defs) {
    schemas[schemaName(d)] = kindSchema(d);
    const base = `/${gvPath(group, version)}${d.namespaced ? '/namespaces/{namespace}' : ''}/${d.plural}`;
    paths[base] = { get: { operationId: `list${d.kind}`, responses: { '200': { description: 'OK' } } } };
    paths[`${base}/{name}`] = { get: { operationId: `read${d.kind}`, responses: { '200': { description: 'OK' } } } };
  }
  return { openapi: '3.0.0', info: { title: 'Platform', version: SERVER_VERSION.gitVersion }, paths, components: { schemas } };
}

/** The `/openapi/v3` index. */
export function openAPIIndex(registry: Registry): JsonObject {
  const paths: JsonObject = {};
  for (const g of registry.groups()) {
    for (const v of g.versions) {
      const doc = openAPIDocument(registry, g.name, v);
      const hash = createHash('sha512').update(JSON.stringify(doc)).digest('hex').slice(0, 128).toUpperCase();
      paths[gvPath(g.name, v)] = { serverRelativeURL: `/openapi/v3/${gvPath(g.name, v)}?hash=${hash}` };
    }
  }
  return { paths };
}
