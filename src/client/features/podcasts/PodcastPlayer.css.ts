import { keyframes, style } from '@vanilla-extract/css';
import { breakpoints, reducedMotion, vars } from '../../styles/theme.css';
import { panelSurface } from '../../styles/rules';

export const player = style({
  display: 'grid',
  gap: vars.space.md,
  ...panelSurface,
  boxShadow: vars.shadow.md,
  alignSelf: 'start',
  minWidth: 0,
  '@media': { [breakpoints.phone]: { padding: vars.space.md } },
});

export const nowPlaying = style({ display: 'flex', gap: vars.space.md, alignItems: 'center' });
export const artwork = style({
  width: '6rem',
  height: '6rem',
  borderRadius: vars.radius.md,
  flexShrink: 0,
  objectFit: 'cover',
});
export const meta = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });
export const status = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  color: vars.color.brand,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xs,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
});
export const title = style({ fontSize: vars.fontSize.lg });
export const show = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

const rotate = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spin = style({
  animation: `${rotate} 1s linear infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});

export const controls = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space.xs,
});
export const playButton = style({
  width: '3.5rem',
  height: '3.5rem',
  borderRadius: vars.radius.pill,
  padding: 0,
});
export const skipLabel = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  marginLeft: '-0.25rem',
});

export const footer = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });
export const speedLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.inkSoft });
export const speed = style({
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  border: vars.border.hairline,
  background: vars.color.surface,
  minHeight: '2.25rem',
});
export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, width: '100%' });
