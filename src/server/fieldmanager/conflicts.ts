/** Apply conflicts and the 409 Status the apiserver answers with. */
import type { Status } from '../../sdk/types/status.js';
import type { FieldSet } from './field-set.js';
import type { ManagerState } from './managers.js';
import { describeManager } from './managers.js';
import type { FieldPath } from './path-element.js';
import { pathString } from './path-element.js';

/** One field an apply would change although another manager owns it. */
export interface ApplyConflict {
  /** Name of the manager that owns the field. */
  manager: string;
  /** The field as the apiserver prints it: `.spec.replicas`, `.spec.containers[name="nginx"].image`, `.data.key`. */
  field: string;
  /** The Status cause message: `conflict with "kubectl-client-side-apply" using apps/v1`. */
  message: string;
}

/** An apply that conflicts with other managers' fields; the request handler answers 409 Conflict. */
export class ApplyConflictError extends Error {
  override name = 'ApplyConflictError';
  /** Each conflicting field with its owner, owners in identity order, fields in path order. */
  readonly conflicts: ApplyConflict[];
  /** The field path of each conflict (same order as {@link conflicts}). */
  readonly paths: readonly FieldPath[];
  constructor(conflicts: ApplyConflict[], paths: readonly FieldPath[] = []) {
    super(conflictMessage(conflicts));
    this.conflicts = conflicts;
    this.paths = paths;
  }

  /** The same error without the conflicts whose path `keep` rejects, or undefined when none is left. */
  filter(keep: (path: FieldPath) => boolean): ApplyConflictError | undefined {
    const conflicts: ApplyConflict[] = [];
    const paths: FieldPath[] = [];
    this.conflicts.forEach((conflict, index) => {
      const path = this.paths[index];
      if (path === undefined || keep(path)) {
        conflicts.push(conflict);
        if (path !== undefined) paths.push(path);
      }
    });
    return conflicts.length === 0 ? undefined : new ApplyConflictError(conflicts, paths);
  }

  /** The Status of the 409 answer: reason Conflict, one `FieldManagerConflict` cause per field. */
  toStatus(): Status {
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      reason: 'Conflict',
      details: { causes: this.conflicts.map((c) => ({ reason: 'FieldManagerConflict', message: c.message, field: c.field })) },
      code: 409,
    };
  }
}

/** The conflict error of an apply from the conflicting sets of each manager (by identity). */
export function conflictError(sets: [string, ManagerState, FieldSet][]): ApplyConflictError {
  const out: ApplyConflict[] = [];
  const paths: FieldPath[] = [];
  const sorted = [...sets].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (const [, state, set] of sorted) {
    const message = `conflict with ${describeManager(state)}`;
    for (const path of set.paths()) {
      out.push({ manager: state.manager, field: pathString(path), message });
      paths.push(path);
    }
  }
  return new ApplyConflictError(out, paths);
}

/** The apiserver's message: one line for one conflict, a list grouped by manager otherwise. */
function conflictMessage(conflicts: ApplyConflict[]): string {
  if (conflicts.length === 1) {
    const only = conflicts[0] as ApplyConflict;
    return `Apply failed with 1 conflict: ${only.message}: ${only.field}`;
  }
  const groups = new Map<string, string[]>();
  for (const conflict of conflicts) {
    const key = conflict.message.replace(/^conflict with /, '');
    const list = groups.get(key) ?? [];
    list.push(conflict.field);
    groups.set(key, list);
  }
  const lines: string[] = [];
  for (const [owner, fields] of groups) {
    lines.push(`conflicts with ${owner}:`);
    for (const field of fields) lines.push(`- ${field}`);
  }
  return `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
}
