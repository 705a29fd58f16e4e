import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// Shared by the sign-in, forgot-password and reset-password screens, and the admin's forms.
export const screen = style({
  display: 'flex',
  justifyContent: 'center',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  background: vars.color.surfaceAlt,
  minHeight: '70vh',
});

export const panel = style({
  width: '100%',
  maxWidth: '28rem',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  background: vars.color.surface,
  border: vars.border.hairline,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  alignSelf: 'flex-start',
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.black,
  color: vars.color.ink,
  lineHeight: vars.lineHeight.tight,
});

export const lead = style({ margin: 0, color: vars.color.muted, lineHeight: vars.lineHeight.normal });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const label = style({ fontWeight: vars.fontWeight.medium, color: vars.color.ink, fontSize: vars.fontSize.sm });

export const input = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.ink,
  font: 'inherit',
  selectors: {
    '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '1px', borderColor: vars.color.focus },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const textarea = style([input, { minHeight: '5rem', resize: 'vertical' }]);

export const passwordWrap = style({ position: 'relative', display: 'flex' });

export const passwordInput = style([input, { paddingRight: '3rem' }]);

export const toggle = style({
  position: 'absolute',
  right: vars.space.xxs,
  top: '50%',
  transform: 'translateY(-50%)',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.5rem',
  height: '2.25rem',
  border: 'none',
  background: 'transparent',
  color: vars.color.muted,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: vars.outline.focusRing }, '&:hover': { color: vars.color.ink } },
});

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm });

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const link = style({
  color: vars.color.accent,
  fontWeight: vars.fontWeight.medium,
  selectors: { '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' } },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const icon = style({ color: vars.color.brand, alignSelf: 'center' });
export const successIcon = style({ color: vars.color.success, alignSelf: 'center' });
