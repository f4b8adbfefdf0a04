/**
 * Type tests of the SDK's options under `exactOptionalPropertyTypes` (with `strict`): a caller
 * that forwards its own optional values (`signal?: AbortSignal`) passes `undefined` for absent
 * ones, which every optional option accepts. Compiled by test/unit/sdk/exact-options.test.ts
 * with exactly these settings, never run. Every `@ts-expect-error` line must fail to compile.
 */
import {
  applyManifests, diffManifests, deleteObjects, watch,
  type ApplyOptions, type ConfigMap, type DeleteCallOptions, type GetOptions, type ListOptions,
  type Manifest, type PlatformClient, type ResourceWatchOptions, type WatchEvent,
} from 'platformctl';

/** What a script's own helper typically looks like: optional values passed straight on. */
interface Forwarded {
  signal?: AbortSignal | undefined;
  labelSelector?: string | undefined;
  resourceVersion?: string | undefined;
  fieldManager?: string | undefined;
  namespace?: string | undefined;
}

export async function watchOptions(client: PlatformClient, o: Forwarded): Promise<WatchEvent<ConfigMap>[]> {
  const events: WatchEvent<ConfigMap>[] = [];
  const options: ResourceWatchOptions<ConfigMap> = {
    signal: o.signal, labelSelector: o.labelSelector, resourceVersion: o.resourceVersion,
    resume: undefined, timeoutSeconds: undefined, known: undefined, onResume: undefined, maxRetries: undefined,
  };
  for await (const e of client.configMaps().watch(options)) events.push(e);
  for await (const e of client.configMaps().watch({ resume: false, allowWatchBookmarks: undefined, sendInitialEvents: undefined })) events.push(e);
  for await (const e of watch(client.configMaps(), { signal: o.signal, resourceVersion: o.resourceVersion, emitBookmarks: undefined })) events.push(e);
  // @ts-expect-error resume is a boolean
  client.configMaps().watch({ resume: 'no' });
  return events;
}

export async function applyOptions(client: PlatformClient, manifests: readonly Manifest[], o: Forwarded): Promise<void> {
  const cm: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } };
  const apply: ApplyOptions = { fieldManager: o.fieldManager, forceConflicts: undefined, dryRun: undefined, signal: o.signal, subresource: undefined };
  await client.configMaps().apply(cm, apply);
  // The deprecated spelling still compiles.
  await client.configMaps().apply(cm, { force: true });
  await applyManifests(client, manifests, { namespace: o.namespace, serverSide: undefined, fieldManager: o.fieldManager, forceConflicts: undefined, concurrency: undefined, signal: o.signal });
  // No options at all: the client's namespace and field manager.
  await applyManifests(client, manifests);
  await diffManifests(client, manifests, { namespace: o.namespace, serverSide: true, forceConflicts: undefined });
  // @ts-expect-error a misspelled option
  await client.configMaps().apply(cm, { fieldManger: 'x' });
  // @ts-expect-error forceConflicts is a boolean
  await applyManifests(client, manifests, { forceConflicts: 'yes' });
}

export async function listGetDeleteOptions(client: PlatformClient, o: Forwarded): Promise<void> {
  const list: ListOptions = { labelSelector: o.labelSelector, fieldSelector: undefined, limit: undefined, continue: undefined, resourceVersion: o.resourceVersion, timeoutMs: undefined, signal: o.signal };
  await client.configMaps().list(list);
  for await (const cm of client.configMaps().listAll({ limit: undefined, signal: o.signal })) void cm;
  const get: GetOptions = { resourceVersion: undefined, subresource: undefined, signal: o.signal };
  await client.configMaps().get('x', get);
  const del: DeleteCallOptions = { propagationPolicy: undefined, gracePeriodSeconds: undefined, preconditions: undefined, dryRun: undefined, signal: o.signal };
  await client.configMaps().delete('x', del);
  await deleteObjects(client, [], { ignoreNotFound: undefined, propagationPolicy: undefined, signal: o.signal });
  for await (const line of client.pods().logLines('p', { container: undefined, follow: undefined, signal: o.signal })) void line;
  // @ts-expect-error a propagation policy that does not exist
  await client.configMaps().delete('x', { propagationPolicy: 'Sometimes' });
  // @ts-expect-error limit is a number
  await client.configMaps().list({ limit: '10' });
}
