import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList } from '../../styles/rules';

export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
});
export const card = style({ padding: 0, overflow: 'hidden' });
export const image = style({
  width: '100%',
  aspectRatio: '600 / 340',
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
});
export const body = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: `0 ${vars.space.lg} ${vars.space.lg}`,
  flexGrow: 1,
  alignContent: 'start',
});
export const skeletonBody = style({ display: 'grid', gap: vars.space.sm, padding: vars.space.lg });
export const title = style({ fontSize: vars.fontSize.xl });
export const tone = styleVariants({
  broxtown: { color: vars.color.accent },
  hertstown: { color: vars.color.success },
  fieldtown: { color: vars.color.academy },
  default: { color: vars.color.brand },
});
export const location = style({
  display: 'flex',
  gap: vars.space.xxs,
  alignItems: 'center',
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
});
export const description = style({ color: vars.color.inkSoft, lineHeight: vars.lineHeight.relaxed });
export const footer = style({ padding: `0 ${vars.space.lg} ${vars.space.lg}`, marginTop: 'auto' });
export const build = style({
  marginTop: vars.space.xxl,
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceDark,
  color: vars.color.onDark,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '1fr auto', alignItems: 'center' } },
});
export const buildTitle = style({ fontSize: vars.fontSize.xl });
export const buildText = style({ color: vars.color.onDarkSoft, marginTop: vars.space.xs });
export const buildActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const more = style({ display: 'flex', justifyContent: 'center', marginTop: vars.space.xl });
// The 'View All Publications' dialog's list.
export const dialogText = style({ color: vars.color.muted });
export const pubList = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.sm,
});
export const pub = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
});
export const pubName = style({ fontWeight: vars.fontWeight.bold, display: 'block' });
