/**
 * The specs of the commands that do one thing to one kind of kubeconfig entry:
 * `config delete-cluster`, `delete-context` and `delete-user`, `config get-clusters` and
 * `get-users`. Their help differs only in the entry's name and the example, so they are built
 * from those.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type DefinedCommand } from '../../../framework/define-command.js';
import type { CommandRunner } from '../../../framework/spec.js';

/** The kinds of entry, as their commands name them. */
type Entry = 'cluster' | 'context' | 'user';

/** `config delete-<entry> NAME`; `example` is what the example says it deletes. */
export function deleteEntryCommand<R = CommandRunner<never>>(entry: Entry, example: string, load: () => Promise<R>): DefinedCommand<[], R> {
  return defineCommand({
    name: `delete-${entry}`,
    usage: 'NAME [options]',
    summary: `Delete the specified ${entry} from the kubeconfig`,
    description: `Delete the specified ${entry} from the kubeconfig.`,
    examples: [{ description: `Delete ${example}`, command: `${BINARY_NAME} config delete-${entry} minikube`, notRunnable: `needs a ${entry} named minikube` }],
    flags: [],
    args: `${entry}s`,
    load,
  });
}

/** `config get-<entry>s`: the names of the entries of a kind. */
export function getEntriesCommand<R = CommandRunner<never>>(entry: Exclude<Entry, 'context'>, load: () => Promise<R>): DefinedCommand<[], R> {
  return defineCommand({
    name: `get-${entry}s`,
    usage: '[flags] [options]',
    summary: `Display ${entry}s defined in the kubeconfig`,
    description: `Display ${entry}s defined in the kubeconfig.`,
    examples: [{ description: `List the ${entry}s that ${BINARY_NAME} knows about`, command: `${BINARY_NAME} config get-${entry}s` }],
    flags: [],
    args: 'none',
    load,
  });
}
