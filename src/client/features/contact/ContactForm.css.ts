import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { panelSurface } from '../../styles/rules';

export const form = style({
  position: 'relative',
  display: 'grid',
  gap: vars.space.md,
  ...panelSurface,
  boxShadow: vars.shadow.md,
  '@media': { [breakpoints.tablet]: { padding: vars.space.xl } },
});

export const row = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const captcha = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});

export const captchaInput = style({ maxWidth: '8rem' });

export const required = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
