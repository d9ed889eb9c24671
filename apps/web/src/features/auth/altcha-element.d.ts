/**
 * The `<altcha-widget>` custom element in TSX (the package's own React typings are not exported
 * through its `exports` map). Only the attributes this app sets are listed.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type AltchaWidgetProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  challenge?: string;
  auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
  name?: string;
  language?: string;
  type?: 'native' | 'checkbox' | 'switch';
  workers?: number | string;
  configuration?: string;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': AltchaWidgetProps;
    }
  }
}
