/**
 * What `rollout history` prints: the revision table (`REVISION  CHANGE-CAUSE`, `<none>` for a
 * revision without one) and one revision's pod template as `describe` prints it.
 */
import type { DescribeOptions } from '../describe/format.js';
import { describePodTemplate } from '../describe/pod.js';
import { RawDescribeWriter, tabbedString } from '../describe/writer.js';

type Json = Record<string, unknown>;

/** One revision of a workload. */
export interface RevisionEntry {
  revision: number;
  changeCause: string | undefined;
}

/** The revision table, revisions ascending (`No rollout history found.` when empty). */
export function formatRolloutHistory(entries: readonly RevisionEntry[]): string {
  if (entries.length === 0) return 'No rollout history found.';
  const sorted = [...entries].sort((a, b) => a.revision - b.revision);
  return tabbedString((w) => {
    w.write(0, 'REVISION\tCHANGE-CAUSE\n');
    for (const e of sorted) w.write(0, `${e.revision}\t${e.changeCause === undefined || e.changeCause === '' ? '<none>' : e.changeCause}\n`);
  });
}

/** A revision's pod template (`Pod Template:` ...), unaligned: kubectl writes it without a tab writer. */
export function formatRevisionTemplate(template: Json | undefined, options: DescribeOptions): string {
  const w = new RawDescribeWriter();
  describePodTemplate(template, w, options);
  return w.toString();
}
