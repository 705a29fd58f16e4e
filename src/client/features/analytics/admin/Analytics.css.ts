import { createVar, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../styles/theme.css';
import { cardPanel } from '../../../styles/rules';

// The owner's figures: the period picker, the filter, the headline figures, the chart, and the
// cards of tables with their tabs, compact rows and bars (Plausible's dashboard is the model).

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const live = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
});

/** Grey while the count is not known yet (or could not be had). */
export const liveUnknown = style({ fontWeight: vars.fontWeight.regular, color: vars.color.muted });

export const liveDot = style({
  width: '0.6rem',
  height: '0.6rem',
  borderRadius: vars.radius.pill,
  background: vars.color.success,
});

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.sm,
  '@media': { [breakpoints.phone]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const figure = style({
  ...cardPanel,
  gap: vars.space.xxs,
  minWidth: 0,
  '@media': { [breakpoints.phone]: { padding: vars.space.xs } },
});

export const figureLabel = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  '@media': { [breakpoints.phone]: { fontSize: vars.fontSize.xs } },
});
export const figureValue = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
});
export const change = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });

export const chart = style({ ...cardPanel, minWidth: 0, minHeight: '18rem' });

export const chartHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const chartOptions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

/** Two cards side by side from tablet up, one a row on a phone. */
export const tables = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 26rem), 1fr))',
  gap: vars.space.md,
  alignItems: 'start',
});

export const card = style({
  ...cardPanel,
  gap: vars.space.sm,
  minWidth: 0,
  '@media': { [breakpoints.phone]: { padding: vars.space.sm } },
});

export const cardHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.ink });

export const tabs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xxs });

export const tab = style({
  minHeight: '2.25rem',
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  border: 0,
  borderBottom: '2px solid transparent',
  background: 'none',
  color: vars.color.muted,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.ink, borderBottomColor: vars.color.accent },
    '&:hover': { color: vars.color.ink },
    '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '1px' },
  },
});

export const panel = style({ minWidth: 0 });

export const note = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm });

export const figureTableBox = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const figureTable = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: `0 ${vars.space.xxs}`,
  tableLayout: 'fixed',
  fontSize: vars.fontSize.sm,
});

export const nameHead = style({
  textAlign: 'left',
  color: vars.color.muted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  paddingInline: vars.space.xs,
});

/** A figures' column: as wide as its heading, the numbers right-aligned in tabular figures. */
export const figureHead = style([
  nameHead,
  { textAlign: 'right', width: '6.5rem', '@media': { [breakpoints.phone]: { width: '5rem' } } },
]);

export const figureRow = style({});

/** The bar's width: the row's share of the whole. */
export const barShare = createVar();

export const nameCell = style({
  position: 'relative',
  textAlign: 'left',
  fontWeight: vars.fontWeight.regular,
  padding: 0,
  minWidth: 0,
});

export const bar = style({
  position: 'absolute',
  insetBlock: 0,
  left: 0,
  width: barShare,
  borderRadius: vars.radius.sm,
  background: vars.color.accentSoft,
});

const rowText = {
  position: 'relative',
  display: 'block',
  width: '100%',
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  color: vars.color.ink,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

export const rowName = style(rowText);

export const rowButton = style({
  ...rowText,
  minHeight: '2rem',
  border: 0,
  background: 'none',
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': {
      outline: vars.outline.focusRing,
      outlineOffset: '-2px',
      borderRadius: vars.radius.sm,
    },
  },
});

export const rowNote = style({ color: vars.color.muted });

export const figureCell = style({
  textAlign: 'right',
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.ink,
  whiteSpace: 'nowrap',
});

/** The filter in force, with its way out. */
export const filterBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.ink,
  selectors: { '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' } },
});

export const filterChips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** One filter: its words and the button that takes it off, a 44 px target on a phone. */
export const filterChip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  paddingLeft: vars.space.xs,
  border: `1px solid ${vars.color.accent}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  maxWidth: '100%',
  overflowWrap: 'anywhere',
});

export const chipRemove = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  border: 0,
  background: 'none',
  color: vars.color.ink,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.accent },
    '&:focus-visible': {
      outline: vars.outline.focusRing,
      outlineOffset: '-2px',
      borderRadius: vars.radius.md,
    },
  },
});

export const chartTable = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const chartTableBox = style({ maxHeight: '20rem', overflow: 'auto' });

export const ownVisits = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  paddingTop: vars.space.sm,
  borderTop: vars.border.hairline,
});
