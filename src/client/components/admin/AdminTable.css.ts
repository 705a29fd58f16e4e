import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { cardPanel } from '../../styles/rules';

// The lists of the admin's inbox, subscribers, academy and admins: filters, a table, a pager.

export const section = style({
  ...cardPanel,
  minWidth: 0,
  '@media': { [breakpoints.phone]: { padding: vars.space.md } },
});

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.ink });

export const lead = style({ margin: 0, color: vars.color.muted });

export const filters = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: '1fr',
  alignItems: 'end',
  '@media': {
    // At least 15rem a field, so a search box's hint is never cut (a narrow panel stacks them).
    [breakpoints.tablet]: { gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))' },
  },
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.ink,
});

export const control = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.ink,
  font: 'inherit',
  selectors: {
    '&:focus-visible': {
      outline: vars.outline.focusRing,
      outlineOffset: '1px',
      borderColor: vars.color.focus,
    },
  },
});

// position: relative keeps the visually hidden header texts (absolutely positioned) inside the
// scrolling box; without it they escaped it and made the whole page scroll sideways.
export const tableWrap = style({
  position: 'relative',
  overflowX: 'auto',
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const caption = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const th = style({
  textAlign: 'left',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surfaceAlt,
  color: vars.color.inkSoft,
  fontWeight: vars.fontWeight.bold,
  borderBottom: vars.border.hairline,
  whiteSpace: 'nowrap',
});

export const td = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: vars.border.hairline,
  color: vars.color.ink,
  verticalAlign: 'middle',
  // A long e-mail address or link breaks inside its cell instead of widening the table past its card.
  overflowWrap: 'anywhere',
});

export const row = style({ selectors: { '&[data-unread="true"]': { background: vars.color.brandSoft } } });

export const strong = style({ fontWeight: vars.fontWeight.bold });

export const muted = style({ color: vars.color.muted });

export const nowrap = style({ whiteSpace: 'nowrap' });
/** A cell of words that must not break inside a word (the cell's own min-content is its longest word). */
export const wholeWords = style({ overflowWrap: 'normal' });
/** A row's delete (or remove) as a small red icon button (RowDeleteButton). */
export const deleteIcon = style({
  color: vars.color.danger,
  selectors: { '&:hover:not(:disabled)': { background: vars.color.dangerSoft } },
});

/** A column kept wide enough for an e-mail address on a line or two (AdminListColumn.wide). */
export const wide = style({ minWidth: '13rem' });

export const truncate = style({
  display: 'block',
  maxWidth: '16rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/**
 * Text shown on one line, cut with an ellipsis, that still breaks between words when the table
 * lays out its columns: its narrowest is one word, so a long quote gives way to the row's buttons
 * instead of holding its column at full width (`truncate` never narrows below its 16rem).
 */
export const oneLine = style({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 1,
  maxWidth: '16rem',
  overflow: 'hidden',
  overflowWrap: 'normal',
});

export const linkButton = style({
  padding: 0,
  border: 'none',
  background: 'transparent',
  // The brand's dark red, as the site's other links: the accent blue read as the browser's default.
  color: vars.color.brandDark,
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  textAlign: 'left',
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' } },
});

export const link = style({
  color: vars.color.brandDark,
  textUnderlineOffset: '0.2em',
  selectors: { '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' } },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
/** A row's buttons that never wrap: the table gives their cell the width of all of them. */
export const actionsOneLine = style({ flexWrap: 'nowrap' });

export const empty = style({
  margin: 0,
  padding: vars.space.lg,
  textAlign: 'center',
  color: vars.color.muted,
});

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const pagerButtons = style({ display: 'flex', gap: vars.space.xs });

/**
 * Where the pager can go is an outlined button; where it cannot is muted, with no fill: the one grey
 * disabled look of Button read as the filled, pressable one beside a plain-text Next.
 */
export const pagerButton = style({
  selectors: {
    '&:disabled': { background: 'transparent', borderColor: vars.color.line, color: vars.color.muted },
  },
});

const pillBase = style({
  display: 'inline-block',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
});
export const pill = styleVariants({
  new: [pillBase, { background: vars.color.brand, color: vars.color.onBrand }],
  replied: [pillBase, { background: vars.color.success, color: vars.color.onBrand }],
  archived: [
    pillBase,
    { background: vars.color.surfaceAlt, color: vars.color.inkSoft, border: vars.border.hairline },
  ],
  pending: [pillBase, { background: vars.color.accentSoft, color: vars.color.accent }],
  academy: [pillBase, { background: vars.color.academySoft, color: vars.color.academyDark }],
  overdue: [pillBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
});

/** The count of new enquiries beside the Enquiries tab. */
export const countBadge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '1.5rem',
  marginLeft: vars.space.xs,
  padding: `0 ${vars.space.xxs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: '1.5rem',
});

// On the current section's (red) tab the badge turns white with a red edge, so its number still
// sits in a badge.
globalStyle(`[aria-current="page"] ${countBadge}`, {
  background: vars.color.onBrand,
  color: vars.color.brand,
  boxShadow: `inset 0 0 0 1px ${vars.color.brand}`,
});

export const summary = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: vars.border.hairline,
  color: vars.color.inkSoft,
});

export const meter = style({
  height: '0.75rem',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  border: vars.border.hairline,
  overflow: 'hidden',
});

export const meterFill = style({ height: '100%', background: vars.color.academy });

export const formGrid = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: '1fr',
  alignItems: 'end',
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr)) auto' } },
});

// Stretched children: a long preview is cut to the width of the cell or card, with an ellipsis.
export const subjectCell = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
  maxWidth: '100%',
});

/** A settings form: one column on a phone, two from a tablet up. */
export const detailsGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const changeList = style({
  margin: 0,
  paddingLeft: vars.space.md,
  overflowWrap: 'anywhere',
});

/** The up and down buttons of a row: side by side, whatever the cell's width. */
export const orderButtons = style({ display: 'flex', flexWrap: 'nowrap', gap: vars.space.xxs });

/**
 * A row's picture beside its name (a testimonial's photo, a partner's logo): small and on the same
 * line, so the row is as tall as its text rather than a picture stacked over it.
 */
export const thumbRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
});

export const rowThumbnail = style({
  flexShrink: 0,
  width: '2.5rem',
  height: '2.5rem',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  border: vars.border.hairline,
  background: vars.color.surface,
});

/** A pill at its own width inside a stretched column. */
export const pillSlot = style({ alignSelf: 'flex-start' });
