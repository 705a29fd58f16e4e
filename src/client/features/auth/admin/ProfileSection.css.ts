import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

/** "Your author page ↗": the words and the icon keep to one line. */
export const pageLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  whiteSpace: 'nowrap',
  color: vars.color.brandDark,
  fontWeight: vars.fontWeight.bold,
});

/** One field under another, at a reading width: a profile is read and written top to bottom. */
export const form = style({
  display: 'grid',
  gap: vars.space.md,
  maxWidth: '36rem',
});
