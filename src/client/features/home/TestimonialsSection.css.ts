import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { bareList, panelSurface } from '../../styles/rules';

export const grid = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
});
export const card = style({
  margin: 0,
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  ...panelSurface,
  boxShadow: vars.shadow.sm,
});
export const quoteIcon = style({ color: vars.color.brand });
export const quote = style({
  margin: 0,
  flexGrow: 1,
  color: vars.color.inkSoft,
  lineHeight: vars.lineHeight.relaxed,
  fontSize: vars.fontSize.lg,
});
export const person = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const avatar = style({
  width: '3.5rem',
  height: '3.5rem',
  borderRadius: vars.radius.pill,
  objectFit: 'cover',
  flexShrink: 0,
});
export const initials = style([
  avatar,
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: vars.color.brandSoft,
    color: vars.color.brandDark,
    fontWeight: vars.fontWeight.bold,
  },
]);
export const name = style({ fontWeight: vars.fontWeight.bold, display: 'block', fontStyle: 'normal' });
export const location = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
