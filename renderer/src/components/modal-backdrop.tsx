// The backdrop of a dialog near the top of the window: a click outside the dialog or Escape
// closes it (Escape stops there, so the page's own Escape handling does not also run).
import type { ReactNode } from 'react';

export function ModalBackdrop({ onClose, children }: { onClose(): void; children: ReactNode }) {
  return (
    <div
      className="modal-backdrop top"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {children}
    </div>
  );
}
