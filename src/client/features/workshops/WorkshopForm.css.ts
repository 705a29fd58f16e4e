import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const form = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.ink,
  boxShadow: vars.shadow.lg,
  '@media': { [breakpoints.tablet]: { padding: vars.space.xl } },
});

export const formTitle = style({ fontSize: vars.fontSize.xl });

/** A full session: the clear message above the form, which then joins the waiting list. */
export const formNotice = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: vars.border.hairline,
  borderColor: vars.color.academy,
  background: vars.color.academySoft,
  lineHeight: vars.lineHeight.relaxed,
});

export const row = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const field = style({ display: 'grid', gap: vars.space.xxs });

export const label = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.sm, padding: 0 });

export const fieldset = style({ border: 0, margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });

export const radios = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });

export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.academy, background: vars.color.academySoft },
  },
});

// No browser margin (3 px on top in both browsers), so the circle is centred on its label.
export const radioInput = style({
  width: '1.1rem',
  height: '1.1rem',
  margin: 0,
  accentColor: vars.color.academy,
});

export const small = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
