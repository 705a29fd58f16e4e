import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const section = style({
  padding: `${vars.space.xxl} ${vars.space.md}`,
  '@media': { [breakpoints.tablet]: { padding: `${vars.space.xxxl} ${vars.space.lg}` } },
});
export const alt = style({ background: vars.color.surfaceAlt });
export const inner = style({ maxWidth: vars.layout.maxWidth, margin: '0 auto' });
export const header = style({ maxWidth: '44rem', margin: `0 auto ${vars.space.xl}`, textAlign: 'center' });
export const eyebrow = style({
  color: vars.color.brand,
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
export const lead = style({ marginTop: vars.space.sm, color: vars.color.muted, fontSize: vars.fontSize.lg });
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(15rem, 1fr))',
});
export const centre = style({ display: 'flex', justifyContent: 'center', marginTop: vars.space.xl });
