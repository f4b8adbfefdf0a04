/**
 * The kinds of admission and versioning. The v1 webhook configurations are listed with the other
 * admissionregistration kinds in `index.ts` (that is their place in discovery); the v1beta1 ones
 * are served deprecated.
 */
import type { ResourceDef } from '../registry/types.js';
import { limitRangeDef, priorityClassDef, resourceQuotaDef, runtimeClassDef } from './admission-kinds.js';
import { podDisruptionBudgetDef, podDisruptionBudgetV1beta1Def } from './policy.js';
import {
  mutatingWebhookConfigurationV1beta1Def, validatingWebhookConfigurationV1beta1Def,
} from './webhook-configurations.js';

/** The admission kinds, in discovery order. */
export const admissionDefs: ResourceDef[] = [
  limitRangeDef, resourceQuotaDef,
  podDisruptionBudgetDef, podDisruptionBudgetV1beta1Def,
  mutatingWebhookConfigurationV1beta1Def, validatingWebhookConfigurationV1beta1Def,
  priorityClassDef,
  runtimeClassDef,
];
