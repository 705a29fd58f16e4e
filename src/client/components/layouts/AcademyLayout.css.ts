import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList, siteColumn, skipLinkRule } from '../../styles/rules';

export const frame = style({ display: 'flex', flexDirection: 'column', minHeight: '100vh' });

export const skipLink = style({
  ...skipLinkRule,
  background: vars.color.academyDark,
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.z.header,
  background: vars.color.surface,
  borderBottom: vars.border.hairline,
});

export const headerInner = style({
  ...siteColumn,
  minHeight: vars.layout.headerHeight,
  padding: `0 ${vars.space.md}`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.black,
  fontSize: vars.fontSize.md,
  color: vars.color.academyDark,
  textDecoration: 'none',
  minWidth: 0,
  lineHeight: vars.lineHeight.tight,
  // On the narrowest phones the name may take two lines rather than push the page wider.
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.lg, whiteSpace: 'nowrap' } },
});

export const logoMark = style({
  display: 'inline-flex',
  padding: vars.space.xxs,
  borderRadius: vars.radius.md,
  background: vars.color.academy,
  color: vars.color.onBrand,
});

export const nav = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const navLink = style({
  display: 'none',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  color: vars.color.inkSoft,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  selectors: { '&:hover': { color: vars.color.academy } },
  '@media': { [breakpoints.tablet]: { display: 'inline-block' } },
});

export const navCta = style({
  // On the narrowest phones it gives its room to the menu button; the menu lists it too.
  display: 'none',
  '@media': { 'screen and (min-width: 30rem)': { display: 'inline-block' } },
  padding: `${vars.space.xs} ${vars.space.sm}`,
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  borderRadius: vars.radius.pill,
  background: vars.color.academy,
  color: vars.color.onBrand,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.academyDark } },
});

export const menuButton = style({
  display: 'inline-flex',
  color: vars.color.academyDark,
  '@media': { [breakpoints.tablet]: { display: 'none' } },
});

export const mobileMenu = style({
  borderTop: vars.border.hairline,
  background: vars.color.surface,
  padding: `${vars.space.xs} ${vars.space.md} ${vars.space.md}`,
  '@media': { [breakpoints.tablet]: { display: 'none' } },
});

export const mobileList = style({ ...bareList, display: 'flex', flexDirection: 'column' });

export const mobileLink = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  color: vars.color.ink,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.academySoft } },
});

export const main = style({ flex: 1, outline: 'none' });

export const footer = style({ background: vars.color.academyDark, color: vars.color.onDark });

export const footerInner = style({
  ...siteColumn,
  padding: `${vars.space.xxl} ${vars.space.md} ${vars.space.lg}`,
  display: 'grid',
  gap: vars.space.xl,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '2fr 1fr' } },
});

export const footerBrand = style({
  fontWeight: vars.fontWeight.black,
  fontSize: vars.fontSize.xl,
  marginBottom: vars.space.xs,
});
export const footerText = style({ color: vars.color.onDarkSoft, maxWidth: '34rem' });

export const footerLinks = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.xs,
});
export const footerLink = style({
  color: vars.color.onDark,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  selectors: { '&:focus-visible': { outlineColor: vars.color.onDark } },
});

// The divider spans the content's width, not the gutters: the box is as wide as the column's
// content (column minus its side padding) rather than padded inside a wider box.
export const footerBottom = style({
  width: `calc(100% - 2 * ${vars.space.md})`,
  maxWidth: `calc(${vars.layout.maxWidth} - 2 * ${vars.space.md})`,
  margin: '0 auto',
  paddingBlock: vars.space.md,
  borderTop: `1px solid ${vars.color.academy}`,
  color: vars.color.onDarkSoft,
  fontSize: vars.fontSize.sm,
});
