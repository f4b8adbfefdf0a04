/**
 * Label selectors on the client side, for filtering manifest objects by `-l` before they are sent
 * (the server filters listed objects itself) and for kustomize's label and annotation selectors:
 * the selector is parsed by `labels.Parse` (`src/machinery/labels/`), and a bad one is reported as
 * kubectl's resource builder reports it.
 */
import { SelectorParseError, parseLabelSelector } from '../../machinery/labels/parse.js';
import { matchesLabels, type LabelSelector } from '../../machinery/labels/selector.js';
import { InputError } from '../errors.js';
import type { Manifest } from './manifests.js';

/**
 * Compiles a label selector into a predicate on an object's labels.
 *
 * @throws InputError when the selector does not parse
 */
export function compileLabelSelector(selector: string): (labels: Readonly<Record<string, string>> | undefined) => boolean {
  let parsed: LabelSelector;
  try {
    parsed = parseLabelSelector(selector);
  } catch (err) {
    if (err instanceof SelectorParseError) throw new InputError(`the provided selector ${JSON.stringify(selector)} is not valid: ${err.message}`);
    throw err;
  }
  return (labels) => matchesLabels(parsed, labels);
}

/**
 * The manifests whose objects' labels match `selector` (`-l` of the commands that read manifests).
 *
 * @throws InputError when the selector does not parse
 */
export function selectManifests(manifests: Manifest[], selector: string): Manifest[] {
  const matches = compileLabelSelector(selector);
  return manifests.filter((m) => matches(m.object.metadata?.labels));
}
