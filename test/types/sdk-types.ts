/**
 * Type tests of the SDK as a library user sees it (`import ... from 'platformctl'`, strict,
 * NodeNext): compiled by `tsc` in `npm test`, never run. Every `@ts-expect-error` line must fail to
 * compile (tsc reports an unused directive otherwise), and every other line must compile.
 */
import { asKind, loadClient, parseManifests, toYaml, watch, type ConfigMap, type Deployment, type KubeObject, type PlatformClient, type WatchEvent } from 'platformctl';

export async function typedAccessors(client: PlatformClient, deployment: Deployment): Promise<void> {
  const cms = client.configMaps('default');
  await cms.create({ metadata: { name: 'ok' }, data: { a: 'b' } });
  // @ts-expect-error a misspelled field of the kind
  await cms.create({ metadata: { name: 'typo' }, dataa: { a: 'b' } });
  // @ts-expect-error another kind's object
  await cms.create(deployment);
  await client.deployments().create({ metadata: { name: 'web' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { spec: { containers: [{ name: 'web', image: 'nginx' }] } } } });
  // @ts-expect-error a misspelled nested field
  await client.deployments().create({ spec: { replica: 2 } });
  // @ts-expect-error a misspelled container field
  await client.pods().create({ spec: { containers: [{ name: 'c', imag: 'x' }] } });
  // @ts-expect-error a kind literal of another kind
  await cms.create({ kind: 'Secret', metadata: { name: 'x' } });
  const got: ConfigMap = await cms.get('ok');
  // @ts-expect-error a field the kind does not have
  void got.spec;
  // The generic client stays open: any object, any field.
  const widgets = client.resource({ group: 'example.com', version: 'v1', resource: 'widgets', kind: 'Widget', namespaced: true });
  const w: KubeObject = await widgets.create({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { size: 3 } });
  void w.spec;
  // Typed objects widen to the generic type, and narrow back by kind.
  const generic: KubeObject = await widgets.get('w');
  const maybe = asKind<ConfigMap>(generic, 'ConfigMap');
  void maybe?.data;
}

export async function watchEvents(client: PlatformClient, signal: AbortSignal): Promise<void> {
  for await (const ev of client.configMaps().watch({ signal })) {
    // @ts-expect-error not narrowed: the object may be a Status
    void ev.object.data;
    if (ev.type === 'ERROR') {
      void ev.object.reason;
      continue;
    }
    void ev.object.data;
  }
  for await (const ev of watch(client.pods(), { signal })) {
    if (ev.type !== 'ERROR') void ev.object.spec?.containers[0]?.image;
  }
  const event: WatchEvent<ConfigMap> = { type: 'ADDED', object: { data: {} } };
  // @ts-expect-error an ERROR event carries a Status, not the kind
  const wrong: WatchEvent<ConfigMap> = { type: 'ERROR', object: { data: {} } };
  void event;
  void wrong;
}

export async function helpers(): Promise<void> {
  const client = await loadClient({ context: 'dev', namespace: 'team-a', kubeconfig: '/tmp/config' });
  // @ts-expect-error loadClient options are named
  await loadClient({ contxt: 'dev' });
  const manifests = await parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n');
  const text: string = toYaml(manifests[0]?.object);
  void text;
  void client.fieldManager;
}
