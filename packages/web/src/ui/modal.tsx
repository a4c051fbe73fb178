import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { en } from '../i18n/en.js';
import { CloseIcon } from './icons.js';

/**
 * Dialog shown as a centred modal on desktop and a bottom drawer on mobile (docs/routes.md#app-shell-and-modals, CSS decides).
 * Focus moves into it, is trapped while open (the app behind is inert) and returns to the element
 * that opened it; Escape closes the top-most dialog. Opening and closing take the 200 ms
 * transition (docs/routes.md#app-shell-and-modals): a closing dialog stays drawn, hidden from assistive technology and inert,
 * until it has slid away.
 */

/** docs/routes.md#app-shell-and-modals modal transition (the CSS --transition). */
export const MODAL_TRANSITION_MS = 200;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const stack: symbol[] = [];

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'lg';
  /** Element to focus first; defaults to a `[data-autofocus]` element, else the first focusable one in the body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

export function Modal(props: ModalProps) {
  const [closing, setClosing] = useState(false);
  const [wasOpen, setWasOpen] = useState(props.open);
  // What it showed while open, drawn again while it slides away (callers often clear the content on close).
  // A ref, not state: state would re-render every open render only to keep what it just drew.
  const last = useRef({ title: props.title, children: props.children });
  // eslint-disable-next-line react-hooks/refs -- keeps the last open render's content for the slide-away (above)
  if (props.open) last.current = { title: props.title, children: props.children };
  if (wasOpen !== props.open) {
    setWasOpen(props.open);
    setClosing(!props.open);
  }
  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => setClosing(false), MODAL_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [closing]);
  if ((!props.open && !closing) || typeof document === 'undefined') return null;
  // eslint-disable-next-line react-hooks/refs -- the content kept for the slide-away (above)
  const shown = props.open ? props : { ...props, ...last.current };
  return createPortal(<ModalInner {...shown} closing={!props.open} />, document.body);
}

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true');
}

function ModalInner({ title, onClose, children, size = 'sm', initialFocusRef, closing }: ModalProps & { closing: boolean }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = dialogRef.current;
    if (closing || !dialog) return;
    const token = Symbol('modal');
    stack.push(token);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const appRoot = document.getElementById('root');
    const wasInert = appRoot?.hasAttribute('inert') ?? false;
    appRoot?.setAttribute('inert', '');
    document.body.classList.add('scroll-locked');

    const first =
      initialFocusRef?.current ??
      bodyRef.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      (bodyRef.current ? focusables(bodyRef.current).at(0) : undefined) ??
      focusables(dialog).at(0);
    (first ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(dialog);
      if (!items.length) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !dialog.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !dialog.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      stack.splice(stack.indexOf(token), 1);
      if (!wasInert && stack.length === 0) appRoot?.removeAttribute('inert');
      if (stack.length === 0) document.body.classList.remove('scroll-locked');
      // Give focus back only when it was in this dialog (not when another dialog took it meanwhile).
      const active = document.activeElement;
      if (active && active !== document.body && !dialog.contains(active)) return;
      if (opener && opener.isConnected) opener.focus();
      else if (stack.length > 0) {
        // The opener went away (e.g. a removed cart line): the dialog still open below takes focus.
        const dialogs = document.querySelectorAll<HTMLElement>('.modal[role="dialog"]');
        [...dialogs].at(-1)?.focus();
      }
    };
    // Runs once per opening; closing (or unmounting) gives focus and the page back.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per opening; what it needs later is read through refs
  }, [closing]);

  return (
    <div className={closing ? 'modal-root modal-root--closing' : 'modal-root'} aria-hidden={closing || undefined} inert={closing || undefined}>
      <div className="modal-backdrop" onClick={() => onClose()} aria-hidden="true" />
      <div ref={dialogRef} className={`modal modal--${size}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button" onClick={() => onClose()} aria-label={en.app.close}>
            <CloseIcon />
          </button>
        </div>
        <div ref={bodyRef} className="modal__body">
          {children}
        </div>
      </div>
    </div>
  );
}
