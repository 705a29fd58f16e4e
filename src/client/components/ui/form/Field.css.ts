import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

// The form fields of every screen: a label, a control, a hint and an error. The control has three
// tones: 'panel' on the sign-in and admin screens, 'site' on the company pages (a soft glow when
// focused), 'academy' in the academy's colours.

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const label = style({
  fontWeight: vars.fontWeight.medium,
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
});

const controlBase = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.ink,
  font: 'inherit',
});
// After the focus rule of each tone: a field that is wrong stays red while it has focus.
const invalid = { '&[aria-invalid="true"]': { borderColor: vars.color.danger } };
const placeholder = { '&::placeholder': { color: vars.color.muted } };

export const control = styleVariants({
  panel: [
    controlBase,
    {
      border: vars.border.hairline,
      selectors: {
        '&:focus-visible': {
          outline: vars.outline.focusRing,
          outlineOffset: '1px',
          borderColor: vars.color.focus,
        },
        ...invalid,
      },
    },
  ],
  site: [
    controlBase,
    {
      border: `1px solid ${vars.color.muted}`,
      transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
      selectors: {
        '&:focus-visible': {
          outline: 'none',
          borderColor: vars.color.focus,
          boxShadow: `0 0 0 3px ${vars.color.accentSoft}, 0 0 0 5px ${vars.color.focus}`,
        },
        ...invalid,
        ...placeholder,
      },
    },
  ],
  academy: [
    controlBase,
    {
      border: `1px solid ${vars.color.muted}`,
      selectors: {
        '&:focus-visible': {
          outline: vars.outline.focusRing,
          outlineOffset: '1px',
          borderColor: vars.color.academy,
        },
        ...placeholder,
      },
    },
  ],
});
export type ControlTone = keyof typeof control;

export const textarea = styleVariants({
  panel: [control.panel, { minHeight: '5rem', resize: 'vertical' }],
  site: [control.site, { minHeight: '8rem', resize: 'vertical' }],
});

export const passwordWrap = style({ position: 'relative', display: 'flex' });

export const passwordInput = style([control.panel, { paddingRight: '3rem' }]);

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

/** A form's fields one under another. */
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/** A form's buttons side by side, wrapping on a phone. */
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
