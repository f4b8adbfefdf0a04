/**
 * `platformctl rollout`: manage the rollout of Deployments, DaemonSets and StatefulSets.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand } from '../../framework/define-command.js';
import { spec as history } from './history/spec.js';
import { spec as pause } from './pause/spec.js';
import { spec as restart } from './restart/spec.js';
import { spec as resume } from './resume/spec.js';
import { spec as status } from './status/spec.js';
import { spec as undo } from './undo/spec.js';

/** `platformctl rollout`. */
export const spec = defineCommand({
  name: 'rollout',
  usage: 'SUBCOMMAND',
  summary: 'Manage the rollout of a resource',
  description: [
    'Manage the rollout of one or many resources.',
    '',
    ' Valid resource types include:',
    '',
    '  *  deployments',
    '  *  daemonsets',
    '  *  statefulsets',
  ].join('\n'),
  group: 'Deploy Commands',
  examples: [
    { description: 'Rollback to the previous deployment', command: `${BINARY_NAME} rollout undo deployment/abc`, notRunnable: 'needs a deployment with two revisions' },
    { description: 'Check the rollout status of a daemonset', command: `${BINARY_NAME} rollout status daemonset/foo`, notRunnable: 'needs a daemonset' },
    { description: 'Restart a deployment', command: `${BINARY_NAME} rollout restart deployment/web` },
    { description: 'Restart deployments with the app=nginx label', command: `${BINARY_NAME} rollout restart deployment --selector=app=web` },
  ],
  flags: [],
  subcommands: [history, pause, restart, resume, status, undo],
});
