/**
 * `platformctl config`: a group of subcommands that read and modify config files. The subcommand
 * specs are small and imported here; each implementation is loaded only when it runs.
 */
import { BINARY_NAME, CONFIG_ENV, CONFIG_FILE_NAME, CONTEXT_ENV, HOME_DIR_NAME, NAMESPACE_ENV } from '../../../sdk/naming.js';
import { defineCommand } from '../../framework/define-command.js';
import { spec as currentContext } from './current-context/spec.js';
import { spec as deleteCluster } from './delete-cluster/spec.js';
import { spec as deleteContext } from './delete-context/spec.js';
import { spec as deleteUser } from './delete-user/spec.js';
import { spec as getClusters } from './get-clusters/spec.js';
import { spec as getContexts } from './get-contexts/spec.js';
import { spec as getUsers } from './get-users/spec.js';
import { spec as renameContext } from './rename-context/spec.js';
import { spec as set } from './set/spec.js';
import { spec as setCluster } from './set-cluster/spec.js';
import { spec as setContext } from './set-context/spec.js';
import { spec as setCredentials } from './set-credentials/spec.js';
import { spec as unset } from './unset/spec.js';
import { spec as useContext } from './use-context/spec.js';
import { spec as useNamespace } from './use-namespace/spec.js';
import { spec as importConfig } from './import/spec.js';
import { spec as view } from './view/spec.js';

/** The `config` group. */
export const spec = defineCommand({
  name: 'config',
  usage: 'SUBCOMMAND [options]',
  summary: 'Modify kubeconfig files',
  description: [
    `Modify kubeconfig files using subcommands like "${BINARY_NAME} config set current-context my-context".`,
    '',
    ' The loading order follows these rules:',
    '',
    '  1.  If the --kubeconfig flag is set, then only that file is loaded. The flag may only be set once and no merging takes place.',
    `  2.  If $${CONFIG_ENV} environment variable is set, then it is used as a list of paths (normal path delimiting rules for your system). These paths are merged. When a value is modified, it is modified in the file that defines the stanza. When a value is created, it is created in the first file that exists. If no files in the chain exist, then it creates the last file in the list.`,
    `  3.  Otherwise, \${HOME}/${HOME_DIR_NAME}/${CONFIG_FILE_NAME} is used and no merging takes place.`,
    '',
    ` For one shell, $${CONTEXT_ENV} names the context to use instead of current-context, and $${NAMESPACE_ENV} the namespace instead of the context's; neither changes the file, and --context and --namespace still win over both.`,
  ].join('\n'),
  group: 'Other Commands',
  examples: [
    { description: 'Show the merged configuration, secrets redacted', command: `${BINARY_NAME} config view` },
    { description: 'List the contexts and mark the current one', command: `${BINARY_NAME} config get-contexts` },
    { description: 'Add a cluster, a user and a context, and switch to it', command: `${BINARY_NAME} config set-cluster dev --server=https://127.0.0.1:6443 && ${BINARY_NAME} config set-credentials dev --token=abc && ${BINARY_NAME} config set-context dev --cluster=dev --user=dev && ${BINARY_NAME} config use-context dev`, notRunnable: 'several commands chained by the shell' },
  ],
  flags: [],
  subcommands: [
    currentContext, deleteCluster, deleteContext, deleteUser, getClusters, getContexts, getUsers, renameContext, set, setCluster, setContext,
    setCredentials, unset, useContext, view, useNamespace, importConfig,
  ],
});
