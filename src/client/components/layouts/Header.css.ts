import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList } from '../../styles/rules';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.z.header,
  background: 'rgba(255, 255, 255, 0.96)',
  // A shadow rather than a border: the header is exactly headerHeight tall, which is what the
  // page's scroll-padding-top reserves, so a section scrolled to sits just below it.
  boxShadow: `0 1px 0 ${vars.color.line}`,
  backdropFilter: 'saturate(180%) blur(8px)',
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  // Its padding comes on top of the site's column, so the logo and the last button line up with
  // the content's edges below.
  maxWidth: `calc(${vars.layout.maxWidth} + 2 * ${vars.space.md})`,
  height: vars.layout.headerHeight,
  margin: '0 auto',
  padding: `0 ${vars.space.md}`,
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.black,
  fontSize: vars.fontSize.lg,
  textDecoration: 'none',
  color: vars.color.ink,
});

export const brandMark = style({ width: '2rem', height: '2rem' });

export const desktopNav = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.xxs,
  '@media': { [breakpoints.desktop]: { display: 'flex' } },
});

export const navList = style({
  display: 'flex',
  gap: vars.space.xxs,
  ...bareList,
});

export const navLink = style({
  display: 'inline-block',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.inkSoft,
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.brand, background: vars.color.brandSoft } },
});

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const iconLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.pill,
  color: vars.color.inkSoft,
  selectors: { '&:hover': { color: vars.color.brand, background: vars.color.brandSoft } },
});

export const menuButton = style({
  display: 'inline-flex',
  '@media': { [breakpoints.desktop]: { display: 'none' } },
});

export const mobileMenu = style({
  borderTop: vars.border.hairline,
  background: vars.color.surface,
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.lg}`,
  '@media': { [breakpoints.desktop]: { display: 'none' } },
});

export const mobileList = style({
  display: 'flex',
  flexDirection: 'column',
  listStyle: 'none',
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
});

export const mobileLink = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  color: vars.color.ink,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.surfaceAlt } },
});

export const desktopOnly = style({
  display: 'none',
  '@media': { [breakpoints.desktop]: { display: 'inline-flex' } },
});
