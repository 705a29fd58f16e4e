import { globalStyle } from '@vanilla-extract/css';
import { reducedMotion, vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', {
  scrollBehavior: 'smooth',
  scrollPaddingTop: vars.layout.headerHeight,
  WebkitTextSizeAdjust: '100%',
  '@media': { [reducedMotion]: { scrollBehavior: 'auto' } },
});
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.ink,
  background: vars.color.surface,
  WebkitFontSmoothing: 'antialiased',
});
globalStyle('h1, h2, h3, h4', {
  fontFamily: vars.font.heading,
  lineHeight: vars.lineHeight.tight,
  margin: 0,
  color: 'inherit',
});
globalStyle('p', { margin: 0 });
globalStyle('img, svg, video', { display: 'block', maxWidth: '100%' });
globalStyle('img', { height: 'auto' });
globalStyle('a', { color: 'inherit' });
globalStyle('button, input, textarea, select', { font: 'inherit', color: 'inherit' });
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});
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
