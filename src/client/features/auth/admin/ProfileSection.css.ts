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
