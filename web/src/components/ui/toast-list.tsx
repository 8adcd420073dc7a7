import { Toast, Toaster as ArkToaster, type ToastOptions } from '@ark-ui/react/toast';
import { createStyleContext } from 'styled-system/jsx';
import { toast } from 'styled-system/recipes';
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, InfoIcon, XIcon } from '../icons';
import { Button, IconButton } from './button';
import { Spinner } from './spinner';
import { useSwipeToDismiss } from './toast-swipe';
import { toaster } from './toaster';

const { withProvider, withContext } = createStyleContext(toast);

const Root = withProvider(Toast.Root, 'root');
const Title = withContext(Toast.Title, 'title');
const Description = withContext(Toast.Description, 'description');
const ActionTrigger = withContext(Toast.ActionTrigger, 'actionTrigger');
const CloseTrigger = withContext(Toast.CloseTrigger, 'closeTrigger');
const Content = withContext('div', 'content');
const Icon = withContext('div', 'icon');

function TypeIcon({ type }: { type: string | undefined }) {
  switch (type) {
    case 'success':
      return <CheckCircleIcon color="var(--colors-success-default)" />;
    case 'error':
      return <AlertCircleIcon color="var(--colors-danger-default)" />;
    case 'warning':
      return <AlertTriangleIcon color="var(--colors-warning-default)" />;
    case 'loading':
      return <Spinner size="sm" />;
    case 'info':
      return <InfoIcon color="var(--colors-accent-default)" />;
    default:
      return null;
  }
}

/** One toast: its icon, texts, action and close button; swiped right or down by 45 px, it is dismissed. */
function ToastItem({ toast: t }: { toast: ToastOptions }) {
  // without an id, dismiss() would dismiss every toast
  const swipe = useSwipeToDismiss(() => (t.id ? toaster.dismiss(t.id) : undefined));
  return (
    <Root {...swipe}>
      {t.type && t.type !== 'info' ? (
        <Icon>
          <TypeIcon type={t.type} />
        </Icon>
      ) : null}
      <Content>
        {t.title ? <Title>{t.title}</Title> : null}
        {t.description ? <Description>{t.description}</Description> : null}
        {t.action ? (
          <ActionTrigger asChild>
            <Button variant="outline" size="sm">
              {t.action.label}
            </Button>
          </ActionTrigger>
        ) : null}
      </Content>
      {t.closable !== false ? (
        <CloseTrigger asChild>
          <IconButton aria-label="Dismiss notification" variant="ghost" size="sm">
            <XIcon />
          </IconButton>
        </CloseTrigger>
      ) : null}
    </Root>
  );
}

/** The toasts on screen: a lazy chunk that `<Toaster />` (toaster.tsx) mounts once there is a toast. */
export default function ToastList() {
  return <ArkToaster toaster={toaster}>{(t) => <ToastItem key={t.id} toast={t} />}</ArkToaster>;
}
