import { useRef, type PointerEvent } from 'react';
import {
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
  type QueuedToast,
} from 'react-aria-components';
import { TOAST_SWIPE_THRESHOLD_PX } from '#shared/constants';
import { CloseIcon } from './icons';
import { buttonSizes, focusRing } from '#shared/ui-styles';
import { toastQueue, type ToastContentValue } from './toast';
import { TOAST_REGION_ATTRIBUTE } from './toast-list';

/** A drag to the right further than the threshold dismisses (docs/product.md, "Toasts"). */
export function isDismissingSwipe(deltaX: number): boolean {
  return deltaX > TOAST_SWIPE_THRESHOLD_PX;
}

function resetPosition(element: HTMLElement) {
  element.style.transform = '';
  element.style.opacity = '';
}

/** Pointer handlers that let the toast follow a rightward drag and close past the threshold. */
function useSwipeToDismiss(onDismiss: () => void) {
  const start = useRef<{ x: number; id: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (event.button !== 0) return;
      start.current = { x: event.clientX, id: event.pointerId };
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      if (!start.current || start.current.id !== event.pointerId) return;
      const dx = Math.max(0, event.clientX - start.current.x);
      event.currentTarget.style.transform = `translateX(${dx}px)`;
      event.currentTarget.style.opacity = String(Math.max(0.3, 1 - dx / 300));
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      if (!start.current || start.current.id !== event.pointerId) return;
      const dx = event.clientX - start.current.x;
      start.current = null;
      resetPosition(event.currentTarget);
      if (isDismissingSwipe(dx)) onDismiss();
    },
    onPointerCancel(event: PointerEvent<HTMLDivElement>) {
      start.current = null;
      resetPosition(event.currentTarget);
    },
  };
}

function ToastItem({
  queue,
  item,
}: {
  queue: ToastQueue<ToastContentValue>;
  item: QueuedToast<ToastContentValue>;
}) {
  const { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } = useSwipeToDismiss(() =>
    queue.close(item.key),
  );
  const destructive = item.content.variant === 'destructive';
  return (
    <Toast
      toast={item}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      className={`toast-enter pointer-events-auto flex w-full touch-pan-y items-start gap-3 rounded-xl border px-4 py-3 shadow-xl md:py-4 select-none ${focusRing} ${
        destructive ? 'border-red-800 bg-red-700 text-white' : 'border-line bg-raised text-ink'
      }`}
    >
      <ToastContent className="min-w-0 flex-1">
        <Text slot="title" className="block font-semibold">
          {item.content.title}
        </Text>
        {item.content.description ? (
          <Text
            slot="description"
            className={`mt-1 block text-sm ${destructive ? 'text-white' : 'text-muted'}`}
          >
            {item.content.description}
          </Text>
        ) : null}
      </ToastContent>
      {/* A native button: react-aria's Button would add its press handling (5.5 KB brotli) to
          the home page for one click. */}
      <button
        type="button"
        aria-label="Close"
        onClick={() => queue.close(item.key)}
        className={`-m-[13px] inline-flex items-center justify-center cursor-pointer rounded-lg opacity-80 hover:opacity-100 ${buttonSizes.icon} ${focusRing}`}
      >
        <CloseIcon width={18} height={18} />
      </button>
    </Toast>
  );
}

/** Shows the app's toast queue; toaster.tsx mounts it once a toast is listed. */
export default function ToastRegionView() {
  return (
    <ToastRegion
      queue={toastQueue}
      {...{ [TOAST_REGION_ATTRIBUTE]: '' }}
      // Under 768 px (docs/product.md, "Toasts") the toast sits at the top, just below the
      // 64 px sticky header, and compact: at the bottom it covered the button just tapped and
      // the confirmation above it. From 768 px it sits bottom right, clear of the content.
      // z-[110]: above the confetti (100) and the contact card drawn over it while the
      // particles fly (101, contact-section.tsx), so the "Message sent!" toast is never under
      // the card it answers.
      className="pointer-events-none fixed inset-x-2 top-[4.5rem] z-[110] flex flex-col items-end gap-2 md:top-auto md:right-4 md:bottom-4 md:left-auto md:w-96"
    >
      {({ toast: item }) => <ToastItem queue={toastQueue} item={item} />}
    </ToastRegion>
  );
}
