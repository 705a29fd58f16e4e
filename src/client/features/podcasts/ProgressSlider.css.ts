import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const wrapper = style({ display: 'grid', gap: vars.space.xxs });

export const track = style({
  position: 'relative',
  height: vars.space.xs,
  // A tall hit area around the thin bar, so it is easy to grab.
  margin: `${vars.space.sm} 0`,
  borderRadius: vars.radius.pill,
  background: vars.color.line,
  cursor: 'pointer',
  touchAction: 'none',
  selectors: {
    '&::before': { content: '""', position: 'absolute', inset: `calc(-1 * ${vars.space.sm}) 0` },
    '&[aria-disabled="true"]': { cursor: 'default', opacity: 0.6 },
    '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: vars.space.xs },
  },
});

export const fill = style({
  position: 'absolute',
  inset: '0 auto 0 0',
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  pointerEvents: 'none',
});

export const thumb = style({
  position: 'absolute',
  top: '50%',
  width: vars.space.md,
  height: vars.space.md,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `3px solid ${vars.color.brand}`,
  transform: 'translate(-50%, -50%)',
  boxShadow: vars.shadow.sm,
  pointerEvents: 'none',
});

export const times = style({
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  fontVariantNumeric: 'tabular-nums',
});
