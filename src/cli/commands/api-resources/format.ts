/**
 * The text of `api-resources`: kubectl's columns laid out by its tab writer and drawn by cli-table3, or one
 * `resource.group` per line for `-o name`.
 */
import type { DiscoveredResource } from '../../../sdk/discovery/model.js';
import { createTableWriter } from '../../../printers/table/table-writer.js';
import { apiVersionOf } from '../../../machinery/group-version.js';

/** `''` (the default table), `wide` or `name`. */
export type ResourcesOutput = '' | 'wide' | 'name';

/** The header line kubectl prints (tab-separated), or undefined for `-o name` and `--no-headers`. */
export function headerLine(output: ResourcesOutput, noHeaders: boolean): string | undefined {
  if (noHeaders || output === 'name') return undefined;
  const columns = ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND'];
  if (output === 'wide') columns.push('VERBS', 'CATEGORIES');
  return `${columns.join('\t')}\n`;
}

function rowLine(r: DiscoveredResource, output: ResourcesOutput): string {
  if (output === 'name') return `${r.resource}${r.group === '' ? '' : `.${r.group}`}\n`;
  const apiVersion = apiVersionOf(r);
  const cells = [r.resource, r.shortNames.join(','), apiVersion, String(r.namespaced), r.kind];
  if (output === 'wide') cells.push(r.verbs.join(','), r.categories.join(','));
  return `${cells.join('\t')}\n`;
}

/** The whole output: the header (unless suppressed) and one line per resource. */
export function formatResources(resources: readonly DiscoveredResource[], output: ResourcesOutput, noHeaders: boolean): string {
  const w = createTableWriter();
  const header = headerLine(output, noHeaders);
  if (header !== undefined) w.write(header);
  for (const r of resources) w.write(rowLine(r, output));
  w.flush();
  return w.take();
}
