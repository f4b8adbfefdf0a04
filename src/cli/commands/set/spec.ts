/** `platformctl set`: change fields of existing objects' pod templates. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand } from '../../framework/define-command.js';
import { spec as env } from './env/spec.js';
import { spec as image } from './image/spec.js';
import { spec as resources } from './resources/spec.js';
import { spec as selector } from './selector/spec.js';
import { spec as serviceaccount } from './serviceaccount/spec.js';
import { spec as subject } from './subject/spec.js';

/** `platformctl set`. */
export const spec = defineCommand({
  name: 'set',
  usage: 'SUBCOMMAND',
  summary: 'Set specific features on objects',
  description: [
    'Configure application resources.',
    '',
    ' These commands help you make changes to existing application resources.',
  ].join('\n'),
  group: 'Basic Commands (Intermediate)',
  examples: [{ description: "Set the web deployment's web container image", command: `${BINARY_NAME} set image deployment/web web=registry.example/web:2.0` }],
  flags: [],
  subcommands: [env, image, resources, selector, serviceaccount, subject],
});
