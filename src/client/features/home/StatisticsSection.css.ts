import { style } from '@vanilla-extract/css';
import { breakpoints, reducedMotion, vars } from '../../styles/theme.css';
import { bandPadding, bareList, eyebrowText, leadText, sectionTitle, siteColumn } from '../../styles/rules';

export const section = style({
  background: vars.color.surfaceDark,
  color: vars.color.onDark,
  ...bandPadding,
});
export const inner = style({
  ...siteColumn,
  display: 'grid',
  gap: vars.space.xxl,
});
export const header = style({ textAlign: 'center', maxWidth: '44rem', margin: '0 auto' });
export const eyebrow = style({
  color: vars.color.onDarkSoft,
  ...eyebrowText,
  marginBottom: vars.space.xs,
});
export const title = style(sectionTitle);
export const lead = style({
  ...leadText,
  color: vars.color.onDarkSoft,
});
export const stats = style({
  ...bareList,
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
// A figure such as '2.5M' must fit half a 360 px phone: a size smaller there.
export const value = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.black,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: vars.lineHeight.tight,
  '@media': {
    'screen and (min-width: 25rem)': { fontSize: vars.fontSize.xxxl },
    [breakpoints.tablet]: { fontSize: vars.fontSize.display },
  },
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
