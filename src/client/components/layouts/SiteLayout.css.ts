import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { skipLinkRule } from '../../styles/rules';

export const skipLink = style({
  ...skipLinkRule,
  background: vars.color.surfaceDark,
});

export const main = style({ minHeight: '60vh', outline: 'none' });

export const page = style({
  maxWidth: vars.layout.narrowWidth,
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.md}`,
});
