import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';
import { bareList } from '../../styles/rules';

export const panel = style({ display: 'grid', gap: vars.space.sm, alignContent: 'start', minWidth: 0 });

export const searchWrap = style({ position: 'relative' });
export const searchIcon = style({
  position: 'absolute',
  left: vars.space.sm,
  top: '50%',
  transform: 'translateY(-50%)',
  color: vars.color.muted,
  pointerEvents: 'none',
});
export const search = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.xs} ${vars.space.xl}`,
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const message = style({
  color: vars.color.muted,
  selectors: { '&:empty': { display: 'none' } },
});

export const list = style({
  ...bareList,
  display: 'grid',
  // The page scrolls, not a box inside it: a fixed-height box cut the third card in half on a
  // phone with nothing to say more followed. The list is paged by the server anyway.
  gap: vars.space.sm,
});

export const item = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const selected = style({ borderColor: vars.color.brand, background: vars.color.brandSoft });

export const pick = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: 0,
  border: 0,
  background: 'transparent',
  textAlign: 'left',
  cursor: 'pointer',
});
export const number = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
  fontWeight: vars.fontWeight.medium,
});
export const title = style({ fontWeight: vars.fontWeight.bold });
export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});
export const spotify = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  justifySelf: 'start',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.brandDark,
});

/** 'Show more episodes', under the list. */
export const more = style({ justifySelf: 'start' });
