import { fallbackVar, globalStyle, style } from '@vanilla-extract/css';
import { prose } from '../../styles/prose.css';
import { breakpoints, vars } from '../../styles/theme.css';
import { barHeight } from './SaveStatus.css';

export const frame = style({
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: { '&:focus-within': { outline: vars.outline.focusRing, outlineOffset: '1px' } },
});

// The toolbar sticks under the editor's save bar (or the site's header where there is none) while
// a long text scrolls, so its buttons stay a click or a few tabs away.
export const toolbar = style({
  position: 'sticky',
  top: `calc(${vars.layout.headerHeight} + ${fallbackVar(barHeight, '0px')})`,
  zIndex: 1,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  padding: vars.space.xxs,
  borderBottom: vars.border.hairline,
  background: vars.color.surfaceAlt,
  borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
});

export const tool = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '2.25rem',
  height: '2.25rem',
  border: '1px solid transparent',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.ink,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&[aria-pressed="true"]': {
      background: vars.color.brandSoft,
      color: vars.color.brand,
      borderColor: vars.color.brand,
    },
    '&:focus-visible': { outline: vars.outline.focusRing },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
  // A thumb's size on a phone; the toolbar wraps onto a second row.
  '@media': { [breakpoints.phone]: { minWidth: '2.75rem', height: '2.75rem' } },
});

/** The text being written: the published page's long-form rhythm and reading size (styles/prose.css). */
export const content = style([
  prose,
  {
    padding: `${vars.space.sm} ${vars.space.md}`,
    minHeight: '14rem',
    fontSize: vars.fontSize.lg,
    lineHeight: vars.lineHeight.relaxed,
  },
]);

globalStyle(`${content}.ProseMirror`, { outline: 'none', minHeight: '13rem' });
