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

// The sections by group: a side bar beside the page from a desktop's width; below it, one row of
// pills that scrolls sideways under the welcome bar (every group named in the row), so a section
// starts on the first screen of a phone instead of below five rows of pills. The row fades at its
// right edge while there is more (the cue), and its end padding lets the last pill clear the fade.
export const frame = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': {
    [breakpoints.desktop]: {
      display: 'grid',
      gridTemplateColumns: '11rem minmax(0, 1fr)',
      alignItems: 'start',
    },
  },
});

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

const fadeAtTheEnd = `linear-gradient(to right, #000 calc(100% - ${vars.space.xl}), transparent)`;

export const nav = style({
  display: 'flex',
  flexWrap: 'nowrap',
  alignItems: 'center',
  gap: vars.space.md,
  overflowX: 'auto',
  // The row's own width never widens the page: it scrolls inside the column it is given, and holds
  // its visually hidden words (positioned) too, which would otherwise sit past the page's edge.
  contain: 'inline-size',
  position: 'relative',
  // Room for the focus ring inside the scrolling box, and for the last pill past the fade.
  padding: `${vars.space.xxs} ${vars.space.xl} ${vars.space.xxs} ${vars.space.xxs}`,
  margin: `0 calc(-1 * ${vars.space.xxs})`,
  scrollbarWidth: 'thin',
  maskImage: fadeAtTheEnd,
  WebkitMaskImage: fadeAtTheEnd,
  '@media': {
    [breakpoints.desktop]: {
      flexDirection: 'column',
      alignItems: 'stretch',
      gap: vars.space.md,
      overflowX: 'visible',
      contain: 'none',
      padding: 0,
      margin: 0,
      maskImage: 'none',
      WebkitMaskImage: 'none',
      position: 'sticky',
      top: vars.space.md,
    },
  },
});

export const group = style({
  display: 'flex',
  flexShrink: 0,
  alignItems: 'center',
  gap: vars.space.xs,
  '@media': { [breakpoints.desktop]: { flexDirection: 'column', alignItems: 'stretch', gap: 0 } },
});

export const groupLabel = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.muted,
  '@media': { [breakpoints.desktop]: { padding: `0 ${vars.space.sm} ${vars.space.xxs}` } },
});

export const navItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: vars.border.hairline,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.inkSoft,
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  textAlign: 'left',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&[aria-current="page"]': {
      background: vars.color.brand,
      borderColor: vars.color.brand,
      color: vars.color.onBrand,
    },
    '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' },
  },
  '@media': {
    // In the side bar: a list of links, the current one marked by a bar at its left edge.
    [breakpoints.desktop]: {
      justifyContent: 'space-between',
      minHeight: '2.5rem',
      padding: `${vars.space.xs} ${vars.space.sm}`,
      border: 'none',
      borderLeft: '3px solid transparent',
      borderRadius: 0,
      background: 'transparent',
      selectors: {
        '&[aria-current="page"]': {
          background: vars.color.surface,
          borderLeftColor: vars.color.brand,
          color: vars.color.brand,
        },
        '&:hover': { color: vars.color.brand },
      },
    },
  },
});

/** A message in place of the admin screen: checking the session, or Access Denied. */
export const centre = style(centredMessage);

// An address moves to the next line whole rather than breaking at its hyphen; only one longer than
// the line breaks, anywhere.
export const email = style({ display: 'inline-block', overflowWrap: 'anywhere' });
