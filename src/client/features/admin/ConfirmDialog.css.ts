import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(17, 24, 39, 0.55)', zIndex: vars.z.overlay });

export const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(26rem, calc(100vw - 2rem))',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  zIndex: vars.z.overlay,
  selectors: { '&:focus-visible': { outline: vars.outline.focusRing } },
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.ink });
export const description = style({ margin: 0, color: vars.color.inkSoft });
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
