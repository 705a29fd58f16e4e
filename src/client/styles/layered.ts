import type { GlobalStyleRule, StyleRule } from '@vanilla-extract/css';
import { components, reset } from './layers.css';

/** A design-system rule, in the components layer: any feature class given to the component wins. */
export function inComponents(rule: StyleRule): StyleRule {
  return { '@layer': { [components]: rule } };
}

/** A global element rule, in the reset layer beneath everything. */
export function inReset(rule: GlobalStyleRule): GlobalStyleRule {
  return { '@layer': { [reset]: rule } };
}
