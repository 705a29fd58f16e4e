import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { eyebrowText, leadText, sectionTitle, siteColumn } from '../../styles/rules';

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

export const inner = style(siteColumn);
export const header = style({ maxWidth: '46rem', margin: `0 auto ${vars.space.xl}`, textAlign: 'center' });
export const eyebrow = style({
  color: vars.color.academy,
  ...eyebrowText,
  marginBottom: vars.space.xs,
  selectors: { [`${tones.dark} &`]: { color: vars.color.onDarkSoft } },
});
export const title = style(sectionTitle);
export const lead = style({
  ...leadText,
  color: vars.color.muted,
  selectors: { [`${tones.dark} &`]: { color: vars.color.onDarkSoft } },
});
