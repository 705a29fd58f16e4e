import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { iconTile } from '../../styles/rules';

export const reason = style({
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: vars.border.hairline,
  background: vars.color.surface,
  transition: `box-shadow ${vars.duration.normal}, transform ${vars.duration.normal}`,
  ':hover': { boxShadow: vars.shadow.md },
});
export const icon = style({
  ...iconTile,
  background: vars.color.accentSoft,
  color: vars.color.accent,
});
export const title = style({ fontSize: vars.fontSize.lg });
export const text = style({ color: vars.color.muted, lineHeight: vars.lineHeight.relaxed });
