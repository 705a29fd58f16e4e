import { style } from '@vanilla-extract/css';
import { breakpoints, reducedMotion, vars } from '../../styles/theme.css';

export const section = style({
  background: vars.color.surfaceDark,
  color: vars.color.onDark,
  padding: `${vars.space.xxl} ${vars.space.md}`,
  '@media': { [breakpoints.tablet]: { padding: `${vars.space.xxxl} ${vars.space.lg}` } },
});
export const inner = style({
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  display: 'grid',
  gap: vars.space.xxl,
});
export const header = style({ textAlign: 'center', maxWidth: '44rem', margin: '0 auto' });
export const eyebrow = style({
  color: vars.color.onDarkSoft,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  marginBottom: vars.space.xs,
});
export const title = style({
  fontSize: vars.fontSize.xxl,
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.xxxl } },
});
export const lead = style({
  marginTop: vars.space.sm,
  color: vars.color.onDarkSoft,
  fontSize: vars.fontSize.lg,
});
export const stats = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const stat = style({
  textAlign: 'center',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.inkSoft}`,
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.xxs,
});
export const value = style({
  fontSize: vars.fontSize.xxxl,
  fontWeight: vars.fontWeight.black,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: vars.lineHeight.tight,
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.display } },
});
export const statLabel = style({
  color: vars.color.onDarkSoft,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});
export const bars = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': {
    [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: vars.space.xxl },
  },
});
export const barsTitle = style({
  fontSize: vars.fontSize.xl,
  textAlign: 'center',
  marginBottom: vars.space.lg,
});
export const barRow = style({ display: 'grid', gap: vars.space.xs });
export const barHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  fontWeight: vars.fontWeight.medium,
});
export const track = style({
  height: '0.625rem',
  borderRadius: vars.radius.pill,
  background: vars.color.inkSoft,
  overflow: 'hidden',
});
export const fill = style({
  height: '100%',
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  transition: 'width 2000ms cubic-bezier(0.22, 1, 0.36, 1)',
  '@media': { [reducedMotion]: { transition: 'none' } },
});
