import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../styles/theme.css';

// The post editor across the admin's whole width: the title and text in the main column, the post's
// settings in a panel at its right on a wide screen (toggled from the save bar, as Ghost's is) and
// below the text on a narrower one.

export const editor = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
});

/** ← Posts, the heading and the panel's toggle on one line, wrapping on a phone. */
export const barHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  minWidth: 0,
});

export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  minHeight: '2.25rem',
  color: vars.color.inkSoft,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.ink, textDecoration: 'underline' },
    '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' },
  },
});

const layoutBase = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 0,
});
export const layout = styleVariants({
  open: [
    layoutBase,
    { '@media': { [breakpoints.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) 20rem' } } },
  ],
  closed: [layoutBase],
});

export const main = style({
  minWidth: 0,
  padding: vars.space.md,
  background: vars.color.surface,
  border: vars.border.hairline,
  borderRadius: vars.radius.lg,
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.md,
  background: vars.color.surfaceAlt,
  border: vars.border.hairline,
  borderRadius: vars.radius.lg,
  selectors: { '&[hidden]': { display: 'none' } },
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.ink });
