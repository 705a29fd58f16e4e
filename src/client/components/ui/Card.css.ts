import { style } from '@vanilla-extract/css';
import { inComponents } from '../../styles/layered';
import { vars } from '../../styles/theme.css';
import { cardPanel } from '../../styles/rules';

export const card = style(
  inComponents({
    position: 'relative',
    ...cardPanel,
  }),
);

export const highlighted = style(
  inComponents({
    borderColor: vars.color.brand,
    boxShadow: vars.shadow.md,
  }),
);
