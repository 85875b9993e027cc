import type { ReactNode } from 'react';
import { Dialog, Heading } from 'react-aria-components/Dialog';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { Action } from './Action';

interface Props {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  isDismissable?: boolean;
}

/**
 * ui/Modal's dialog (react-aria: focus trapped, Escape closes, focus returns to the trigger) with a native close
 * button, so the booking flow does not pull tailwind-variants through ui/Button (see Action.tsx).
 */
export function BookingDialog({ title, isOpen, onOpenChange, children, footer, role = 'dialog', isDismissable = true }: Props) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable} className="fixed inset-0 z-50 flex items-end justify-center bg-black/60 p-0 sm:items-center sm:p-4">
      <Modal className="max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-t-2xl bg-white p-6 text-slate-900 shadow-xl sm:rounded-2xl dark:bg-slate-900 dark:text-slate-100">
        <Dialog role={role} className="outline-none">
          {({ close }) => (
            <>
              <div className="flex items-start justify-between gap-4">
                <Heading slot="title" className="text-xl font-bold">
                  {title}
                </Heading>
                <Action variant="ghost" size="sm" aria-label="Kapat" onClick={close}>
                  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </Action>
              </div>
              <div className="mt-4">{children}</div>
              {footer !== undefined && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
