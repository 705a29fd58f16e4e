import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { bareList } from '../../styles/rules';

// The card layout of the admin lists (AdminList.tsx), used where the list is narrower than 640 px.

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

/** The error state: what went wrong, and Try again under it. */
export const failed = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const failedText = style({ margin: 0 });

// A row's buttons sit side by side while the table has room and wrap onto further lines before it
// outgrows its card (the table's own column sizing: a 1% width squeezed the cell to its narrowest,
// stacking the buttons and making every row three buttons tall). Each button, and a note in
// their place ('The only admin'), keeps its words on one line.
export const actionsCell = style({ overflowWrap: 'normal' });
globalStyle(`${actionsCell} > * > *`, { whiteSpace: 'nowrap' });

export const cards = style({
  ...bareList,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
  overflowWrap: 'anywhere',
  selectors: { '&[data-unread="true"]': { background: vars.color.brandSoft, borderColor: vars.color.brand } },
});

export const cardTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  color: vars.color.ink,
});

export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const field = style({ display: 'contents' });

export const fieldLabel = style({ color: vars.color.muted, fontWeight: vars.fontWeight.medium });

export const fieldValue = style({ margin: 0, color: vars.color.ink, minWidth: 0 });

export const cardActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

// A thumb needs 44 px: every button and link of a card, whatever size it was given.
globalStyle(`${card} :is(button, a)`, { minHeight: '2.75rem', display: 'inline-flex', alignItems: 'center' });
globalStyle(`${cardActions} > *`, { flex: '1 1 auto', justifyContent: 'center' });
