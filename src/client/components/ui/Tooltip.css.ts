import { style } from '@vanilla-extract/css';
import { inComponents } from '../../styles/layered';
import { vars } from '../../styles/theme.css';

export const content = style(
  inComponents({
    zIndex: vars.z.overlay,
    padding: `${vars.space.xxs} ${vars.space.xs}`,
    borderRadius: vars.radius.sm,
    background: vars.color.surfaceDark,
    color: vars.color.onDark,
    fontSize: vars.fontSize.sm,
    boxShadow: vars.shadow.md,
  }),
);
export const arrow = style(inComponents({ fill: vars.color.surfaceDark }));
