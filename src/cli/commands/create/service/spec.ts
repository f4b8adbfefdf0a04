/**
 * `platformctl create service`: the group of Service generators.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand } from '../../../framework/define-command.js';
import { spec as clusterip } from './clusterip/spec.js';
import { spec as externalname } from './externalname/spec.js';
import { spec as loadbalancer } from './loadbalancer/spec.js';
import { spec as nodeport } from './nodeport/spec.js';

/** `create service`. */
export const spec = defineCommand({
  name: 'service',
  aliases: ['svc'],
  usage: '[flags] [options]',
  summary: 'Create a service using a specified subcommand',
  description: 'Create a service using a specified subcommand.',
  examples: [{ description: 'Create a ClusterIP service named my-svc that forwards port 80 to 8080', command: `${BINARY_NAME} create service clusterip my-svc --tcp=80:8080` }],
  flags: [],
  subcommands: [clusterip, externalname, loadbalancer, nodeport],
});
