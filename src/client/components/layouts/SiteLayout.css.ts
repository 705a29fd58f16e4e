import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const skipLink = style({
  position: 'absolute',
  left: vars.space.md,
  top: '-4rem',
  zIndex: vars.z.toast,
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.surfaceDark,
  color: vars.color.onDark,
  borderRadius: vars.radius.sm,
  selectors: { '&:focus': { top: vars.space.xs } },
});

export const main = style({ minHeight: '60vh', outline: 'none' });

export const page = style({
  maxWidth: vars.layout.narrowWidth,
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.md}`,
});
