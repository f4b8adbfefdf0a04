/**
 * Typed server reads: the server's typed defs, informers and client hand out the generated types of
 * the built-in kinds (`BuiltinKinds`), and each of those is also a JSON object, so a typed object
 * passes to code that reads any object. Compiled by `npm run typecheck` and `npm run build`, never
 * run; every `@ts-expect-error` line must fail to compile (the compiler reports an unused one).
 */
import type { JsonObject } from '../../src/sdk/types/meta.js';
import type { BuiltinKinds } from '../../src/sdk/types/generated/kinds.js';
import type { ReplicaSet } from '../../src/sdk/types/generated/apps-v1.js';
import type { Pod } from '../../src/sdk/types/generated/core-v1.js';
import type { ControllerKit } from '../../src/server/control/kit.js';
import type { KindDef } from '../../src/server/registry/kind-def.js';
import { objectKeyOf } from '../../src/server/feed/informer.js';

/** Fails to compile unless T is `true`. */
type Assert<T extends true> = T;
type EveryKind = { [V in keyof BuiltinKinds]: BuiltinKinds[V][keyof BuiltinKinds[V]] }[keyof BuiltinKinds];

/** Every built-in kind's type is a JSON object (the generator writes object types, not interfaces). */
export type EveryKindIsJson = Assert<EveryKind extends JsonObject ? true : false>;

export async function reads(kit: ControllerKit): Promise<void> {
  const rsDef = kit.kind('apps/v1', 'ReplicaSet');
  const rs = kit.informerOf(rsDef).getByKey('ns/name');
  const replicas: number | undefined = rs?.spec?.replicas;
  const typed: ReplicaSet | undefined = rs;
  if (typed !== undefined) objectKeyOf(typed);
  const pod: Pod | undefined = await kit.client.get(kit.kind('v1', 'Pod'), 'ns', 'name');
  await kit.client.update(rsDef, 'ns', 'name', (o) => o.spec?.minReadySeconds === replicas);
  void pod;

  // @ts-expect-error a misspelled kind
  kit.kind('apps/v1', 'Replicaset');
  // @ts-expect-error a kind of another apiVersion
  kit.kind('v1', 'Deployment');
  // @ts-expect-error a misspelled field
  void rs?.spec?.replica;
  // @ts-expect-error an object of another kind
  const wrong: Pod | undefined = rs;
  void wrong;
  // @ts-expect-error a plain def is not a typed one
  const plain: KindDef<Pod> = kit.def('', 'v1', 'pods');
  void plain;
  // A plain def gives plain JSON objects.
  const json: JsonObject | undefined = await kit.client.get(kit.def('', 'v1', 'pods'), 'ns', 'name');
  void json;
}
