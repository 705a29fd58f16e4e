import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { sectionTitle } from '../../styles/rules';

export const doc = style({
  maxWidth: vars.layout.narrowWidth,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.xxxl}`,
  color: vars.color.inkSoft,
  lineHeight: vars.lineHeight.relaxed,
  '@media': { [breakpoints.tablet]: { padding: `${vars.space.xxl} ${vars.space.lg} ${vars.space.xxxl}` } },
});
export const title = style({
  color: vars.color.ink,
  ...sectionTitle,
});
export const updated = style({
  marginTop: vars.space.xs,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
});
export const intro = style({ marginTop: vars.space.lg, fontSize: vars.fontSize.lg });
export const toc = style({
  marginTop: vars.space.lg,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const tocTitle = style({
  fontSize: vars.fontSize.md,
  color: vars.color.ink,
  marginBottom: vars.space.xs,
});
export const body = style({});

globalStyle(`${body} h2`, {
  color: vars.color.ink,
  fontSize: vars.fontSize.xl,
  marginTop: vars.space.xl,
  marginBottom: vars.space.sm,
});
globalStyle(`${body} h3`, {
  color: vars.color.ink,
  fontSize: vars.fontSize.lg,
  marginTop: vars.space.lg,
  marginBottom: vars.space.xs,
});
globalStyle(`${body} p, ${body} ul, ${body} ol, ${body} table`, {
  marginTop: 0,
  marginBottom: vars.space.sm,
});
globalStyle(`${body} li`, { marginBottom: vars.space.xxs });
globalStyle(`${body} a, ${toc} a`, { color: vars.color.brandDark });
globalStyle(`${body} table`, {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  display: 'block',
  overflowX: 'auto',
});
globalStyle(`${body} th, ${body} td`, {
  textAlign: 'left',
  verticalAlign: 'top',
  padding: vars.space.xs,
  borderBottom: vars.border.hairline,
});
globalStyle(`${body} th`, { color: vars.color.ink });
