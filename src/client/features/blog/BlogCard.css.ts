import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  overflow: 'hidden',
  background: vars.color.surface,
  border: vars.border.hairline,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  transition: `box-shadow ${vars.duration.normal}, transform ${vars.duration.normal}`,
  selectors: { '&:hover': { boxShadow: vars.shadow.md } },
});

export const cardImage = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
  display: 'block',
});

export const cardPlaceholder = style([
  cardImage,
  { display: 'flex', alignItems: 'center', justifyContent: 'center', color: vars.color.muted },
]);

export const cardBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  flex: 1,
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});

// "1 min read" and the date stay whole: the row wraps between them, never inside one.
export const metaItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  whiteSpace: 'nowrap',
});

/** A short hyphenated word ("line-up") kept on one line: a line breaks before it, not at its hyphen. */
export const unbroken = style({ whiteSpace: 'nowrap' });

export const category = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandDark,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xs,
});

// A title or excerpt with one long unbroken run (an address, a code) breaks anywhere rather than
// widening the card, and with it every card of its one-column phone grid, past the screen.
export const cardTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  color: vars.color.ink,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const excerpt = style({
  margin: 0,
  color: vars.color.inkSoft,
  lineHeight: vars.lineHeight.normal,
  flex: 1,
  overflowWrap: 'anywhere',
});

export const readMore = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  color: vars.color.brand,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' },
  },
});
