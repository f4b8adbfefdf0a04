/**
 * `namePrefix` and `nameSuffix` (kustomize's Prefix/SuffixTransformer): prepended or appended to
 * the fields the configuration lists (`metadata/name`), except on CustomResourceDefinitions,
 * APIServices and Namespaces, whose names are not theirs to choose. Each renamed resource
 * remembers its previous identity and the affix, for the name-reference fix-up.
 */
import { GROUPS } from '../../naming.js';
import type { FieldSpec } from '../config/fieldspec.js';
import { fsGvk } from '../config/fieldspec.js';
import { scalarText } from '../model/json.js';
import { gvkSelected, type GvkSelector } from '../model/resid.js';
import type { ResMap } from '../model/resmap.js';
import { applyFieldSpec, setScalar } from './fieldspec-filter.js';

const SKIPPED: readonly GvkSelector[] = [{ kind: 'CustomResourceDefinition' }, { group: GROUPS.apiregistration, kind: 'APIService' }, { kind: 'Namespace' }];

/** Applies a prefix (`at: 'prefix'`) or suffix to every resource's configured name fields. */
export function transformNameAffix(resources: ResMap, affix: string, at: 'prefix' | 'suffix', fieldSpecs: readonly FieldSpec[]): void {
  if (affix === '') return;
  for (const res of resources.resources()) {
    const id = res.orgId();
    if (SKIPPED.some((s) => gvkSelected(id.gvk, s))) continue;
    for (const fs of fieldSpecs) {
      if (!gvkSelected(id.gvk, fsGvk(fs))) continue;
      if (fs.path === 'metadata/name') {
        if (at === 'prefix') res.addNamePrefix(affix);
        else res.addNameSuffix(affix);
        res.storePreviousId();
      }
      applyFieldSpec(res.obj, () => res.curId(), fs, (ref) => {
        const current = scalarText(ref.get());
        setScalar(ref, at === 'prefix' ? `${affix}${current}` : `${current}${affix}`);
      }, 'scalar');
    }
  }
}
