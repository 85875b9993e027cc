import type { ReactNode } from 'react';
import { Button as RACButton } from 'react-aria-components/Button';
import { ModalOverlay, type ModalOverlayProps, Modal as RACModal } from 'react-aria-components/Modal';
import { Dialog, Heading } from './Dialog';
import { focusRing } from './focus';
import { XIcon } from './icons';

// Plain strings and per-component imports: the booking flow opens this dialog too and keeps tailwind-variants out of
// its bundle (see booking/Action.tsx).
const width = { md: 'max-w-lg', lg: 'max-w-2xl', full: 'max-w-5xl' };
const closeButton =
  'inline-flex cursor-pointer items-center justify-center rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-800 transition ' +
  `hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 ${focusRing}`;

export interface ModalProps extends Omit<ModalOverlayProps, 'children'> {
  title: string;
  children: ReactNode;
  /** Buttons under the content; a close button is always there. */
  footer?: ReactNode;
  closeLabel?: string;
  role?: 'dialog' | 'alertdialog';
  size?: keyof typeof width;
}

/** A react-aria modal dialog: focus trapped, Escape and the close button dismiss it, focus returns to the trigger. */
export function Modal({
  title,
  children,
  footer,
  closeLabel = 'Kapat',
  role = 'dialog',
  size = 'md',
  ...props
}: ModalProps) {
  return (
    <ModalOverlay
      {...props}
      isDismissable={props.isDismissable ?? true}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/60 p-0 sm:items-center sm:p-4"
    >
      <RACModal
        className={`max-h-[90vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 text-slate-900 shadow-xl sm:rounded-2xl dark:bg-slate-900 dark:text-slate-100 ${width[size]}`}
      >
        <Dialog role={role}>
          {({ close }) => (
            <>
              <div className="flex items-start justify-between gap-4">
                <Heading slot="title" className="text-xl font-bold">
                  {title}
                </Heading>
                <RACButton aria-label={closeLabel} onPress={close} className={closeButton}>
                  <XIcon strokeWidth={2.5} />
                </RACButton>
              </div>
              <div className="mt-4">{children}</div>
              {footer !== undefined && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
            </>
          )}
        </Dialog>
      </RACModal>
    </ModalOverlay>
  );
}
