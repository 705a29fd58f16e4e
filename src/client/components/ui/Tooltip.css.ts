import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const content = style({
  zIndex: vars.z.overlay,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceDark,
  color: vars.color.onDark,
  fontSize: vars.fontSize.sm,
  boxShadow: vars.shadow.md,
});
export const arrow = style({ fill: vars.color.surfaceDark });
