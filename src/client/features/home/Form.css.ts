import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// Form controls of the home page's forms (contact and newsletter signup).
export const field = style({ display: 'grid', gap: vars.space.xxs });
export const label = style({ fontWeight: vars.fontWeight.medium, fontSize: vars.fontSize.sm });
export const optional = style({ color: vars.color.muted, fontWeight: vars.fontWeight.regular });
export const control = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.ink,
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  selectors: {
    '&:focus-visible': { outline: 'none', borderColor: vars.color.focus, boxShadow: `0 0 0 3px ${vars.color.accentSoft}, 0 0 0 5px ${vars.color.focus}` },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&::placeholder': { color: vars.color.muted },
  },
});
export const textarea = style([control, { minHeight: '8rem', resize: 'vertical' }]);
export const hint = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });
export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });
/** Off-screen and out of the tab order: only bots fill it in. */
export const trap = style({ position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' });
