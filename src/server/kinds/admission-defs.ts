/**
 * The kinds of admission and versioning. The v1 webhook configuration defs replace the
 * earlier ones of the same group/version/resource (validation of every field); the v1beta1 ones are
 * served deprecated.
 */
import type { ResourceDef } from '../registry/types.js';
import { limitRangeDef, priorityClassDef, resourceQuotaDef, runtimeClassDef } from './admission-kinds.js';
import { podDisruptionBudgetDef, podDisruptionBudgetV1beta1Def } from './policy.js';
import {
  mutatingWebhookConfigurationV1beta1Def, mutatingWebhookConfigurationV1Def, validatingWebhookConfigurationV1beta1Def,
  validatingWebhookConfigurationV1Def,
} from './webhook-configurations.js';

/** Later entries of the built-in list win over earlier ones with the same key. */
export const admissionDefs: ResourceDef[] = [
  limitRangeDef, resourceQuotaDef,
  podDisruptionBudgetDef, podDisruptionBudgetV1beta1Def,
  mutatingWebhookConfigurationV1Def, validatingWebhookConfigurationV1Def,
  mutatingWebhookConfigurationV1beta1Def, validatingWebhookConfigurationV1beta1Def,
  priorityClassDef,
  runtimeClassDef,
];
