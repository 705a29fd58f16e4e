import { keyframes, style } from '@vanilla-extract/css';
import { reducedMotion, vars } from '../styles/theme.css';

export const page = style({
  maxWidth: vars.layout.narrowWidth,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.xxl}`,
  display: 'grid',
  gap: vars.space.lg,
});

// No side padding: the label lines up with the card's edge below it instead of sitting indented.
export const back = style({ justifySelf: 'start', paddingInline: 0, color: vars.color.academyDark });

export const panel = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: vars.border.hairline,
  boxShadow: vars.shadow.md,
});

export const status = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'center',
  textAlign: 'center',
});
export const title = style({ fontSize: vars.fontSize.xxl });
export const message = style({
  fontSize: vars.fontSize.lg,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});
export const help = style({ color: vars.color.muted });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  color: vars.color.academy,
  animation: `${spin} 1s linear infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});
export const errorIcon = style({ color: vars.color.danger });
export const readyIcon = style({ color: vars.color.success });

export const plan = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.academySoft,
});
