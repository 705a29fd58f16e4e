import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// The labels and messages of the home page's contact form; its controls are components/ui/form's 'site' tone.
export const field = style({ display: 'grid', gap: vars.space.xxs });
export const label = style({ fontWeight: vars.fontWeight.medium, fontSize: vars.fontSize.sm });
export const optional = style({ color: vars.color.muted, fontWeight: vars.fontWeight.regular });
export const hint = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });
export const error = style({
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});
/** Off-screen and out of the tab order: only bots fill it in. */
export const trap = style({
  position: 'absolute',
  left: '-10000px',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
});
