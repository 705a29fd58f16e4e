import { globalStyle } from '@vanilla-extract/css';
import { inReset } from './layered';
import { reducedMotion, vars } from './theme.css';

// Element defaults, in the reset layer: any class of a component or a page overrides them.

globalStyle('*, *::before, *::after', inReset({ boxSizing: 'border-box' }));
globalStyle(
  'html',
  inReset({
    scrollBehavior: 'smooth',
    scrollPaddingTop: vars.layout.headerHeight,
    WebkitTextSizeAdjust: '100%',
    '@media': { [reducedMotion]: { scrollBehavior: 'auto' } },
  }),
);
globalStyle(
  'body',
  inReset({
    margin: 0,
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.md,
    lineHeight: vars.lineHeight.normal,
    color: vars.color.ink,
    background: vars.color.surface,
    WebkitFontSmoothing: 'antialiased',
  }),
);
globalStyle(
  'h1, h2, h3, h4',
  inReset({
    fontFamily: vars.font.heading,
    lineHeight: vars.lineHeight.tight,
    margin: 0,
    color: 'inherit',
  }),
);
// Headings balance their lines and paragraphs avoid a lone last word, in browsers that support it
// (Chromium, Firefox); others wrap as before.
globalStyle('h1, h2, h3, h4', inReset({ textWrap: 'balance' }));
globalStyle('p', inReset({ margin: 0 }));
globalStyle('p, li, dd', inReset({ textWrap: 'pretty' }));
// Number fields look the same in every browser: no spinner (Firefox draws one, Chromium only on hover).
globalStyle('input[type="number"]', inReset({ MozAppearance: 'textfield', appearance: 'textfield' }));
globalStyle(
  'input[type="number"]::-webkit-inner-spin-button, input[type="number"]::-webkit-outer-spin-button',
  inReset({ WebkitAppearance: 'none', margin: 0 }),
);
globalStyle('img, svg, video', inReset({ display: 'block', maxWidth: '100%' }));
// An icon in a flex row keeps the size it was drawn at instead of being squeezed by its neighbours.
globalStyle('svg', inReset({ flexShrink: 0 }));
globalStyle('img', inReset({ height: 'auto' }));
globalStyle('a', inReset({ color: 'inherit' }));
globalStyle('button, input, textarea, select', inReset({ font: 'inherit', color: 'inherit' }));
globalStyle(
  ':focus-visible',
  inReset({
    outline: vars.outline.focusRing,
    outlineOffset: '2px',
  }),
);
// A utility for a hyphenated word or range ("10-16", "AI-entrepreneurship") that must not break at
// its hyphen; the text itself keeps the ordinary hyphen so it reads and searches as typed.
globalStyle('.nowrap', { whiteSpace: 'nowrap' });
// A utility, outside the layers so nothing can make hidden text visible by accident.
globalStyle('.visually-hidden', {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
