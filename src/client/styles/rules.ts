import type { StyleRule } from '@vanilla-extract/css';
import { breakpoints, vars } from './theme.css';

// Style objects that several components' styles are made of, spread into their own style():
// `style({ ...bandPadding, background: ... })`. Plain objects, not classes, so each component keeps
// one class and its rules stay where they were in the cascade.

/** A full-width band of a page (a hero, a section): roomier from tablet up. */
export const bandPadding = {
  padding: `${vars.space.xxl} ${vars.space.md}`,
  '@media': { [breakpoints.tablet]: { padding: `${vars.space.xxxl} ${vars.space.lg}` } },
} satisfies StyleRule;

/** A band's content, centred at the site's width. */
/**
 * A hero's row of large buttons: side by side while they fit, and when they wrap each takes the
 * full row, so stacked buttons are of equal width. At desktop the side padding is a little
 * smaller so the home hero's two buttons fit side by side in its column.
 */
export const heroActions = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
} satisfies StyleRule;
export const heroAction = {
  flex: '1 1 auto',
  '@media': {
    [breakpoints.desktop]: { flexGrow: 0, paddingInline: vars.space.lg },
  },
} satisfies StyleRule;

export const siteColumn = { maxWidth: vars.layout.maxWidth, margin: '0 auto' } satisfies StyleRule;

/** A section's heading: xxl, xxxl from tablet up. */
export const sectionTitle = {
  fontSize: vars.fontSize.xxl,
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.xxxl } },
} satisfies StyleRule;

/** The small upper-case line above a section's heading; its colour is the section's. */
export const eyebrowText = {
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
} satisfies StyleRule;

/** The paragraph under a section's heading; its colour is the section's. */
export const leadText = { marginTop: vars.space.sm, fontSize: vars.fontSize.lg } satisfies StyleRule;

/** A list drawn without bullets or indent (a grid of cards, a list of ticks). */
export const bareList = { listStyle: 'none', margin: 0, padding: 0 } satisfies StyleRule;

/** A white panel with a hairline border and rounded corners. */
export const panelSurface = {
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: vars.border.hairline,
} satisfies StyleRule;

/** A card: a white panel, slightly raised, its contents in a column. */
export const cardPanel = {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  ...panelSurface,
  boxShadow: vars.shadow.sm,
} satisfies StyleRule;

/** A message standing alone in the middle of its space (nothing found, checking, denied). */
export const centredMessage = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.xxl,
  textAlign: 'center',
} satisfies StyleRule;

/** A square tile that centres an icon. */
export const iconTile = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: vars.radius.md,
} satisfies StyleRule;

/** "Skip to content": off-screen until it has the focus; its background is the frame's. */
export const skipLinkRule = {
  position: 'absolute',
  left: vars.space.md,
  top: '-4rem',
  zIndex: vars.z.toast,
  padding: `${vars.space.xs} ${vars.space.md}`,
  color: vars.color.onDark,
  borderRadius: vars.radius.sm,
  selectors: { '&:focus': { top: vars.space.xs } },
} satisfies StyleRule;

/** A page of one narrow column (subscribing, its success, managing it). */
export const narrowPage = {
  maxWidth: vars.layout.narrowWidth,
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  display: 'grid',
} satisfies StyleRule;

/** A hero's two columns (copy, illustration) at the site's width; the columns are the hero's. */
export const heroGrid = {
  ...siteColumn,
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
} satisfies StyleRule;

/** A hero's heading. */
export const heroTitle = {
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.black,
} satisfies StyleRule;

/** The paragraph under a hero's heading; its measure is the hero's. */
export const heroLead = {
  fontSize: vars.fontSize.lg,
  color: vars.color.inkSoft,
  lineHeight: vars.lineHeight.relaxed,
} satisfies StyleRule;
