import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const card = style({
  maxWidth: '28rem',
  // The 16 px side margin every other card keeps on a phone.
  margin: `${vars.space.xxxl} max(${vars.space.md}, calc((100% - 28rem) / 2))`,
  padding: vars.space.xl,
  border: vars.border.hairline,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
});
export const title = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.xxl,
});
export const icon = style({ color: vars.color.danger, flexShrink: 0 });
export const hint = style({ marginTop: vars.space.md, color: vars.color.muted, fontSize: vars.fontSize.sm });
export const back = style({
  display: 'inline-block',
  marginTop: vars.space.lg,
  color: vars.color.brand,
  fontWeight: vars.fontWeight.bold,
});
