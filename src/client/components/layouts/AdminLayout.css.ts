import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { centredMessage, siteColumn } from '../../styles/rules';

// The admin area's frame (AdminLayout.tsx): a welcome bar, the section tabs, and the page below.

export const shell = style({
  background: vars.color.surfaceAlt,
  minHeight: '70vh',
  padding: `${vars.space.xl} ${vars.space.md}`,
});

export const inner = style({
  ...siteColumn,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

export const topBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const welcome = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.black,
  color: vars.color.ink,
});

export const subtle = style({ margin: 0, color: vars.color.muted });

// The section tabs wrap rather than scroll, so every section is in sight; on a phone they are
// pills of a thumb's size.
export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  borderBottom: vars.border.hairline,
  '@media': { [breakpoints.phone]: { borderBottom: 'none' } },
});

export const navItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: 'none',
  borderBottom: '3px solid transparent',
  background: 'transparent',
  color: vars.color.muted,
  fontWeight: vars.fontWeight.bold,
  font: 'inherit',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&[aria-current="page"]': { color: vars.color.brand, borderBottomColor: vars.color.brand },
    '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '-3px' },
  },
  '@media': {
    [breakpoints.phone]: {
      border: vars.border.hairline,
      borderRadius: vars.radius.pill,
      background: vars.color.surface,
      selectors: {
        '&[aria-current="page"]': {
          background: vars.color.brand,
          borderColor: vars.color.brand,
          color: vars.color.onBrand,
        },
      },
    },
  },
});

/** A message in place of the admin screen: checking the session, or Access Denied. */
export const centre = style(centredMessage);
