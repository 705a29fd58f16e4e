import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../styles/theme.css';
import { cardPanel } from '../../../styles/rules';

// The owner's figures: the period picker, the headline figures, the chart and the tables.

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

export const tables = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 26rem), 1fr))',
  gap: vars.space.md,
});

export const ownVisits = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  paddingTop: vars.space.sm,
  borderTop: vars.border.hairline,
});
