import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList, centredMessage, siteColumn } from '../../styles/rules';

export const page = style({
  ...siteColumn,
  padding: `${vars.space.xxl} ${vars.space.md}`,
});

export const intro = style({
  textAlign: 'center',
  maxWidth: vars.layout.narrowWidth,
  margin: `0 auto ${vars.space.xl}`,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.black,
  color: vars.color.ink,
  lineHeight: vars.lineHeight.tight,
  // A tag's or a search's long unbroken word breaks rather than widening the page.
  overflowWrap: 'anywhere',
});

export const lead = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.normal,
});

/** Under a tag's name: how many posts it has, and its feed. */
export const tagFacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: `${vars.space.sm} 0 0`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
});

export const feedLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  color: vars.color.brandDark,
  fontWeight: vars.fontWeight.bold,
  selectors: { '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' } },
});

export const grid = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [breakpoints.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const empty = style({
  ...centredMessage,
  color: vars.color.muted,
});

const focusRing = { outline: vars.outline.focusRing, outlineOffset: '2px' };

/**
 * The category filter: links, so every category page is crawlable and works without script. On a
 * phone they are one row that scrolls sideways, so however many there are the first post is not
 * pushed down the screen (fifteen wrapped took about 300 px).
 */
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.xl,
  '@media': {
    [breakpoints.phone]: {
      flexWrap: 'nowrap',
      justifyContent: 'flex-start',
      overflowX: 'auto',
      overscrollBehaviorX: 'contain',
      scrollbarWidth: 'thin',
      // Room for the focus ring inside the scrolling row, whose overflow would cut it off.
      padding: `${vars.space.xxs} ${vars.space.xxs} ${vars.space.xs}`,
      marginInline: `calc(-1 * ${vars.space.xxs})`,
      marginBottom: vars.space.lg,
    },
  },
});

export const filter = style({
  flexShrink: 0,
  whiteSpace: 'nowrap',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: vars.border.hairline,
  background: vars.color.surface,
  color: vars.color.ink,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&[aria-current="page"]': {
      background: vars.color.brandDark,
      borderColor: vars.color.brandDark,
      color: vars.color.onBrand,
    },
    '&:focus-visible': focusRing,
  },
});

export const pager = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto 1fr',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.xl,
});

export const pagerStatus = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const pagerLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  justifySelf: 'start',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.brandDark,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  selectors: {
    // Newer and Older are buttons to press, outlined as the admin's pager is; the back link is not.
    '&[rel="prev"], &[rel="next"]': { border: `2px solid ${vars.color.brandDark}` },
    '&[rel="next"]': { justifySelf: 'end' },
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': focusRing,
  },
});

/** An author's photo over their name on their page (a person icon when they have none). */
export const authorPhoto = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '7rem',
  height: '7rem',
  margin: `${vars.space.lg} auto ${vars.space.md}`,
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
  color: vars.color.muted,
  boxShadow: vars.shadow.sm,
});
