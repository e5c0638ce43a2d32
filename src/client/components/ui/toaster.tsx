import { useTranslation } from 'react-i18next';
import { dismissToast } from './toast-store';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { useToast } from './use-toast';

// Shown for 5000 ms, swiped away to the right past 50 px; F8 is Radix's default hotkey.
const TOAST_DURATION_MS = 5000;
// A toast that offers something to do (Sign in, Try again) stays long enough to read and reach
// it on a phone, by touch or by keyboard: five seconds is barely enough to read it.
const ACTION_TOAST_DURATION_MS = 10000;
const SWIPE_THRESHOLD_PX = 50;

export function Toaster() {
  const { t } = useTranslation('common');
  const { toasts } = useToast();
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      label={t('toast.label')}
    >
      {toasts.map(({ id, title, description, action, variant, open }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          duration={action ? ACTION_TOAST_DURATION_MS : undefined}
          onOpenChange={(nextOpen) => {
            if (!nextOpen) dismissToast(id);
          }}
        >
          <div className="grid min-w-0 flex-1 gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose label={t('toast.close')} />
        </Toast>
      ))}
      <ToastViewport label={t('toast.region')} />
    </ToastProvider>
  );
}
