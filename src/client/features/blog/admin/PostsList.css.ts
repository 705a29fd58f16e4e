import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../styles/theme.css';

// The dense posts list: a title that opens the editor beside its status, the date and tags in
// small type, and quiet row buttons (a red full-width Delete on every row drew the eye to the one
// action nobody wants by accident).

export const titleCell = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
});

/**
 * The table's title column keeps room for a title of a few words: a title may break anywhere (one
 * long word must not widen the table), which let the other columns squeeze it to a word a line.
 */
export const titleColumn = style([titleCell, { minWidth: '14rem' }]);

/** A link in a row: on a phone, as tall as a thumb (the table's rows stay dense). */
export const rowLink = style({
  '@media': {
    [breakpoints.phone]: {
      display: 'inline-flex',
      alignItems: 'center',
      minHeight: '2.75rem',
      minWidth: '2.75rem',
    },
  },
});

export const titleLink = style([
  rowLink,
  {
    fontWeight: vars.fontWeight.bold,
    color: vars.color.ink,
    textDecoration: 'none',
    overflowWrap: 'anywhere',
    selectors: {
      '&:hover': { textDecoration: 'underline' },
      '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' },
    },
  },
]);

export const twoLines = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });

export const meta = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.muted });

export const tags = style({ color: vars.color.inkSoft });

/** The list's buttons beside its heading: the review queue, New post. */
export const headActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

/** The review queue's count, a small filled badge. */
export const queueCount = style({
  display: 'inline-block',
  minWidth: '1.25rem',
  padding: `0 ${vars.space.xxs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textAlign: 'center',
  lineHeight: 1.5,
});
