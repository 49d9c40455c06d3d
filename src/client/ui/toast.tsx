import {
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
  Button,
  Text,
} from 'react-aria-components';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../shared/constants';

export interface ToastContentValue {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** One queue for the whole app, so any module can raise a toast (spec section 8 texts). */
export const toastQueue = new ToastQueue<ToastContentValue>({ maxVisibleToasts: TOAST_LIMIT });

export function toast(content: ToastContentValue): void {
  toastQueue.add(content, { timeout: TOAST_DURATION_MS });
}

export function Toaster() {
  return (
    <ToastRegion queue={toastQueue} className="fixed right-4 bottom-4 z-50 flex flex-col gap-2">
      {({ toast: item }) => (
        <Toast
          toast={item}
          className={`rounded-md border p-4 shadow-lg ${
            item.content.variant === 'destructive' ? 'bg-red-600 text-white' : 'bg-white'
          }`}
        >
          <ToastContent>
            <Text slot="title" className="font-semibold">
              {item.content.title}
            </Text>
            {item.content.description ? (
              <Text slot="description">{item.content.description}</Text>
            ) : null}
          </ToastContent>
          <Button slot="close" aria-label="Close">
            ×
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
