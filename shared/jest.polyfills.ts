// jsdom omits these Node globals that react-router expects.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// Zag's checkbox (the design system's one checkbox, CheckboxField) makes a PointerEvent when its input
// loses focus, i.e. on the click after ticking a box: jsdom has none.
if (typeof window !== 'undefined' && typeof window.PointerEvent === 'undefined') {
  Object.assign(window, { PointerEvent: class PointerEvent extends MouseEvent {} });
}
