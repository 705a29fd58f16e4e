import type { AnchorHTMLAttributes, ComponentPropsWithRef } from 'react';
import * as styles from './Button.css';

export type ButtonVariant = keyof typeof styles.variants;
export type ButtonSize = keyof typeof styles.sizes;

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** The class names of a button, for links that must look like one (wouter's Link among them). */
export function buttonClass(
  { variant = 'primary', size = 'md', block = false }: StyleProps = {},
  extra?: string,
): string {
  return [styles.variants[variant], styles.sizes[size], block ? styles.fullWidth : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  ...rest
}: ComponentPropsWithRef<'button'> & StyleProps) {
  return <button type={type} className={buttonClass({ variant, size, block }, className)} {...rest} />;
}

/** An anchor styled as a button: for in-page anchors (#contact) and external links. */
export function ButtonLink({
  variant,
  size,
  block,
  className,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & StyleProps) {
  return <a className={buttonClass({ variant, size, block }, className)} {...rest} />;
}
