import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { bareList, iconTile } from '../../styles/rules';

export const iconWrap = style({
  ...iconTile,
  background: vars.color.brandSoft,
  color: vars.color.brand,
});
export const badge = style({ position: 'absolute', top: vars.space.md, right: vars.space.md });
export const title = style({ fontSize: vars.fontSize.xl });
export const description = style({ color: vars.color.muted, lineHeight: vars.lineHeight.relaxed });
export const features = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.xs,
  // The list grows to push every card's button to the bottom; its rows keep their own height
  // (a grid stretches them into the spare space by default, spreading a short card's bullets).
  alignContent: 'start',
  flexGrow: 1,
});
export const feature = style({
  display: 'flex',
  gap: vars.space.xs,
  alignItems: 'flex-start',
  fontSize: vars.fontSize.sm,
});
export const tick = style({ color: vars.color.success, flexShrink: 0, marginTop: '0.15rem' });
