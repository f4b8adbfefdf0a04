/** The kustomize release this implementation follows (what kubectl 1.32 embeds and reports in `version`). */
export const KUSTOMIZE_VERSION = 'v5.5.0';
