import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList, siteColumn } from '../../styles/rules';

export const footer = style({
  background: vars.color.surfaceDark,
  color: vars.color.onDarkSoft,
  padding: `${vars.space.xxl} ${vars.space.md} ${vars.space.xl}`,
});

export const inner = style({
  display: 'grid',
  gap: vars.space.xl,
  // The brand's name and the columns' headings differ in size: their first lines share a baseline.
  alignItems: 'baseline',
  ...siteColumn,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '2fr 1fr 1fr' } },
});

export const brand = style({
  color: vars.color.onDark,
  fontWeight: vars.fontWeight.black,
  fontSize: vars.fontSize.lg,
});
export const blurb = style({
  marginTop: vars.space.sm,
  maxWidth: '32rem',
  lineHeight: vars.lineHeight.relaxed,
});
export const heading = style({
  color: vars.color.onDark,
  fontSize: vars.fontSize.md,
  marginBottom: vars.space.sm,
});
export const list = style({ ...bareList, display: 'grid', gap: vars.space.xs });
export const link = style({
  color: vars.color.onDarkSoft,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.onDark, textDecoration: 'underline' } },
});
export const bottom = style({
  maxWidth: vars.layout.maxWidth,
  margin: `${vars.space.xl} auto 0`,
  paddingTop: vars.space.lg,
  borderTop: `1px solid rgba(255, 255, 255, 0.12)`,
  fontSize: vars.fontSize.sm,
});
