// The app's buttons: react-aria's (keyboard, press on touch without the 300 ms delay, focus ring only for the
// keyboard), in three weights. Touch targets are at least 44 px high (styles/app.css).
import { Button as AriaButton, type ButtonProps } from 'react-aria-components';

export interface AppButtonProps extends ButtonProps {
  readonly variant?: 'primary' | 'secondary' | 'danger';
}

export function Button({ variant = 'secondary', className, ...props }: AppButtonProps) {
  return <AriaButton {...props} className={`button button--${variant} ${String(className ?? '')}`.trim()} />;
}
