import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const meta = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const metaGroup = style({ display: 'contents' });

export const metaTerm = style({ color: vars.color.muted, fontWeight: vars.fontWeight.medium });

export const metaValue = style({ margin: 0, color: vars.color.ink, overflowWrap: 'anywhere' });

export const message = style({
  margin: 0,
  padding: vars.space.md,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.md,
  border: vars.border.hairline,
  color: vars.color.ink,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: vars.lineHeight.normal,
});

/** The notification e-mail's state when it has not gone (queued after a failure, or failed). */
export const notificationProblem = style({
  margin: 0,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
});

/** Under an enquiry's status in the list, when its notification e-mail has not gone. */
export const notificationFlag = style({
  display: 'block',
  marginTop: vars.space.xs,
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
});
