import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// The sign-in, forgot-password and reset-password screens (their fields are components/ui/form).
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

// Centred like the icon above them.
export const heading = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.black,
  color: vars.color.ink,
  lineHeight: vars.lineHeight.tight,
});

export const lead = style({
  margin: 0,
  textAlign: 'center',
  color: vars.color.muted,
  lineHeight: vars.lineHeight.normal,
});

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

/** A notice's buttons: full width, one under the other, like a form's submit button. */
export const noticeActions = style({ display: 'grid', gap: vars.space.sm });

// The brand's red, as the rest of the site's links, not the browser's blue.
export const link = style({
  color: vars.color.brandDark,
  textUnderlineOffset: '0.2em',
  fontWeight: vars.fontWeight.medium,
  selectors: { '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' } },
});

export const icon = style({ color: vars.color.brand, alignSelf: 'center' });
export const successIcon = style({ color: vars.color.success, alignSelf: 'center' });

/** An e-mail address in running text: on a line of its own when it needs one, broken only if even that is too narrow. */
export const address = style({ display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' });
