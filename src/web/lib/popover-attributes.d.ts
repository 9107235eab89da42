// The popover attributes React 18's types do not know. React passes lowercase attributes
// it does not know to the DOM as they are.
import 'react';

// A merged interface repeats React's type parameter, used or not.
/* eslint-disable @typescript-eslint/no-unused-vars */
declare module 'react' {
  interface HTMLAttributes<T> {
    popover?: 'auto' | 'manual' | '';
  }
  interface ButtonHTMLAttributes<T> {
    popovertarget?: string;
  }
}
