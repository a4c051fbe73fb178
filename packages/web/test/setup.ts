import { options } from 'preact';
import * as dom from '@testing-library/dom';
import { act, configure, fireEvent } from '@testing-library/preact';

// findBy*/waitFor default to 1 s. The first test of a file also pays for compiling the lazily
// loaded route modules, which on a busy 2-core CI machine can take longer than that.
configure({ asyncUtilTimeout: 5000 });

// Preact runs effects after the next animation frame (with a timeout fallback); tests that use fake
// timers would never see them. A microtask keeps their order and needs no clock.
options.requestAnimationFrame = (callback) => void Promise.resolve().then(callback);

// A browser fires related events together: `input` then `change` when a user edits a field or
// picks an option, `focusout` with `blur` and `focusin` with `focus`. preact/compat listens for
// the ones React's onChange/onBlur/onFocus stand for (`input` on text fields, `change` on selects,
// `focusout`/`focusin`); DTL fires one event each, so fire the pair, as a browser does.
function firePair(first: 'input' | 'blur' | 'focus', second: 'change' | 'focusOut' | 'focusIn') {
  return (element: Document | Element | Window | Node, init?: object) => {
    let done = false;
    act(() => {
      dom.fireEvent[first](element, init);
      done = dom.fireEvent[second](element, init);
    });
    return done;
  };
}
fireEvent.change = firePair('input', 'change');
fireEvent.blur = firePair('blur', 'focusOut');
fireEvent.focus = firePair('focus', 'focusIn');
