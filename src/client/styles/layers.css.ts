import { globalLayer } from '@vanilla-extract/css';

// Cascade layers make composition predictable: the lowest layer is declared first, and a style
// outside any layer beats every layered one whatever its specificity or its place in the bundle.
//   reset      the global element styles (global.css.ts)
//   components the design system's recipes (components/ui/*.css.ts)
//   (unlayered) feature and page styles, including a className handed to a design-system
//              component: <Button className={styles.round}> always gets the round corners.
// Declared here, in one file, so the order is fixed before any other style is emitted.
export const reset = globalLayer('reset');
export const components = globalLayer('components');
