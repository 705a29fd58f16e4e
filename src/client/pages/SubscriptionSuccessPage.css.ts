import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';
import { bareList, narrowPage } from '../styles/rules';

export const page = style({
  ...narrowPage,
  gap: vars.space.xl,
});
export const welcome = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'center',
  textAlign: 'center',
});
export const icon = style({ color: vars.color.academy });
export const title = style({ fontSize: vars.fontSize.xxxl, color: vars.color.academyDark });
export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.inkSoft });

export const next = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.academySoft,
});
export const nextTitle = style({ fontSize: vars.fontSize.xl });
export const steps = style({ ...bareList, display: 'grid', gap: vars.space.lg });
export const step = style({ display: 'flex', gap: vars.space.md, alignItems: 'flex-start' });
export const stepIcon = style({ flexShrink: 0, color: vars.color.academy });
export const stepTitle = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space.xxs });
export const stepText = style({ color: vars.color.inkSoft });

export const actions = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'center',
  textAlign: 'center',
});
export const contact = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexWrap: 'wrap',
  justifyContent: 'center',
});
export const contactIcon = style({ color: vars.color.success });
export const pendingIcon = style({ color: vars.color.accent });
