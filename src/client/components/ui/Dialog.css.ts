import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: `color-mix(in srgb, ${vars.color.surfaceDark} 55%, transparent)`,
  zIndex: vars.z.overlay,
});

const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  maxHeight: `calc(100vh - ${vars.space.xl})`,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  zIndex: vars.z.overlay,
  selectors: { '&:focus-visible': { outline: vars.outline.focusRing } },
});

/**
 * sm: a question (wide enough for 'Keep editing' and 'Leave without saving' on one row); md: a list;
 * lg: a whole message; xl: a 600 px e-mail preview. Never wider than the screen less a margin.
 */
export const size = styleVariants({
  sm: [content, { width: `min(28rem, calc(100vw - ${vars.space.xl}))` }],
  md: [content, { width: `min(36rem, calc(100vw - ${vars.space.xl}))` }],
  lg: [content, { width: `min(40rem, calc(100vw - ${vars.space.xl}))` }],
  xl: [content, { width: `min(44rem, calc(100vw - ${vars.space.xl}))` }],
});

export const head = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  color: vars.color.ink,
  overflowWrap: 'anywhere',
});

export const description = style({ margin: 0, color: vars.color.inkSoft });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});
