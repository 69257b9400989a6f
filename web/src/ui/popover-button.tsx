import { type ReactNode, type RefObject, Suspense, useRef, useState } from 'react';

export interface PopoverRenderProps {
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

interface PopoverButtonProps {
  className?: string;
  /** Only for buttons without visible text; otherwise the visible text is the name (WCAG 2.5.3). */
  'aria-label'?: string;
  hasPopup: 'menu' | 'dialog';
  /** Visible content of the button. */
  children: ReactNode;
  /** Starts loading the popover's code; called on hover and focus, so it is ready by the click. */
  preload: () => unknown;
  /** The popover, a lazily loaded react-aria component anchored to `triggerRef`. */
  popover: (props: PopoverRenderProps) => ReactNode;
}

/**
 * A header button whose popover (react-aria Menu/Autocomplete) is loaded on first use, keeping
 * react-aria-components (~55 KB gzip) out of the entry chunk (docs/architecture.md §7). The trigger is a
 * native button that stays in place, so focus returns to it when the popover closes.
 */
export function PopoverButton({ className, hasPopup, children, preload, popover, ...rest }: PopoverButtonProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={className}
        aria-label={rest['aria-label']}
        aria-haspopup={hasPopup}
        aria-expanded={isOpen}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((open) => !open)}
        onKeyDown={(event) => {
          // Menu button pattern: the arrow keys open the menu too.
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </button>
      {isOpen ? <Suspense fallback={null}>{popover({ triggerRef, isOpen, onOpenChange: setOpen })}</Suspense> : null}
    </>
  );
}
