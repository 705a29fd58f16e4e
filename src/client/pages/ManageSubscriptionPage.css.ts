import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';
import { narrowPage } from '../styles/rules';

export const page = style({
  ...narrowPage,
  gap: vars.space.lg,
});

export const panel = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'center',
  textAlign: 'center',
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: vars.border.hairline,
  boxShadow: vars.shadow.md,
});

export const title = style({ fontSize: vars.fontSize.xxl, color: vars.color.academyDark });
export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.inkSoft });
export const help = style({ color: vars.color.muted });
export const problem = style({ color: vars.color.danger, fontWeight: vars.fontWeight.medium });
export const readyIcon = style({ color: vars.color.academy });
// The academy's colour, not the accent blue that read as a browser default.
export const goneIcon = style({ color: vars.color.academy });
export const back = style({ justifySelf: 'center' });
