import { style } from '@vanilla-extract/css';
import { inComponents } from '../../styles/layered';
import { vars } from '../../styles/theme.css';

export const card = style(
  inComponents({
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.md,
    padding: vars.space.lg,
    background: vars.color.surface,
    border: vars.border.hairline,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.sm,
  }),
);

export const highlighted = style(
  inComponents({
    borderColor: vars.color.brand,
    boxShadow: vars.shadow.md,
  }),
);
