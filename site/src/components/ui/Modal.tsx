import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as RACModal, ModalOverlay, type ModalOverlayProps } from 'react-aria-components';
import { Button } from './Button';

interface ModalProps extends Omit<ModalOverlayProps, 'children'> {
  title: string;
  children: ReactNode;
  /** Buttons under the content; a close button is always there. */
  footer?: ReactNode;
  closeLabel?: string;
  role?: 'dialog' | 'alertdialog';
  size?: 'md' | 'lg' | 'full';
}

/** A react-aria modal dialog: focus trapped, Escape and the close button dismiss it, focus returns to the trigger. */
export function Modal({ title, children, footer, closeLabel = 'Kapat', role = 'dialog', size = 'md', ...props }: ModalProps) {
  const width = size === 'full' ? 'max-w-5xl' : size === 'lg' ? 'max-w-2xl' : 'max-w-lg';
  return (
    <ModalOverlay {...props} isDismissable={props.isDismissable ?? true} className="fixed inset-0 z-50 flex items-end justify-center bg-black/60 p-0 sm:items-center sm:p-4">
      <RACModal className={`max-h-[90vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 text-slate-900 shadow-xl sm:rounded-2xl dark:bg-slate-900 dark:text-slate-100 ${width}`}>
        <Dialog role={role} className="outline-none">
          {({ close }) => (
            <>
              <div className="flex items-start justify-between gap-4">
                <Heading slot="title" className="text-xl font-bold">{title}</Heading>
                <Button variant="ghost" size="sm" aria-label={closeLabel} onPress={close}>✕</Button>
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
