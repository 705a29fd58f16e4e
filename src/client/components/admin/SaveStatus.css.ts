import { createVar, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// The editors' save bar: it sticks under the site's header while its editor is on screen, so the
// save state (and a conflict notice) is in sight wherever in a long form the admin is.

/**
 * The bar's height, set on the editor around it (SaveStatus measures it): what sticks under the bar,
 * the rich text's toolbar, sits this far below the site's header.
 */
export const barHeight = createVar();

export const bar = style({
  position: 'sticky',
  top: vars.layout.headerHeight,
  // Above the form's fields and the rich text's toolbar (which also sticks, and rides up under the
  // bar with the end of a short text: painted later, it covered the conflict notice on a phone),
  // below the site's header and dialogs.
  zIndex: 2,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: `0 calc(-1 * ${vars.space.xs})`,
  padding: `${vars.space.xs}`,
  background: vars.color.surface,
  boxShadow: `0 1px 0 ${vars.color.line}`,
});

/** The heading on the left and the state on the right, the state under the heading when narrow. */
export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
});

export const line = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  minHeight: '1.25rem',
});

export const bad = style([line, { color: vars.color.danger, fontWeight: vars.fontWeight.bold }]);
