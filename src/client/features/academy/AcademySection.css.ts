import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const section = style({
  padding: `${vars.space.xxl} ${vars.space.md}`,
  scrollMarginTop: vars.layout.headerHeight,
  '@media': { [breakpoints.tablet]: { padding: `${vars.space.xxxl} ${vars.space.lg}` } },
});

export const tones = styleVariants({
  plain: { background: vars.color.surface },
  soft: { background: vars.color.academySoft },
  dark: { background: vars.color.academyDark, color: vars.color.onDark },
});

export const inner = style({ maxWidth: vars.layout.maxWidth, margin: '0 auto' });
export const header = style({ maxWidth: '46rem', margin: `0 auto ${vars.space.xl}`, textAlign: 'center' });
export const eyebrow = style({
  color: vars.color.academy,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  marginBottom: vars.space.xs,
  selectors: { [`${tones.dark} &`]: { color: vars.color.onDarkSoft } },
});
export const title = style({
  fontSize: vars.fontSize.xxl,
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.xxxl } },
});
export const lead = style({
  marginTop: vars.space.sm,
  color: vars.color.muted,
  fontSize: vars.fontSize.lg,
  selectors: { [`${tones.dark} &`]: { color: vars.color.onDarkSoft } },
});
