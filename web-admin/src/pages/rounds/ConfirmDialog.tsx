// A command that shows what it will do before it does it: the trigger opens a dialog saying so, and only its
// confirm button sends the command. The dialog stays open on a refusal, with the API's problem in it.
import type { ReactNode } from 'react';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { type AppButtonProps, Button } from '../../components/Button.tsx';
import { Problem } from '../../components/Problem.tsx';

export interface ConfirmDialogProps {
  readonly trigger: string;
  readonly triggerVariant?: AppButtonProps['variant'];
  readonly title: string;
  readonly confirm: string;
  readonly confirmVariant?: AppButtonProps['variant'];
  readonly children: ReactNode;
  readonly pending: boolean;
  readonly error: unknown;
  /** Sends the command; the dialog closes when it resolves. */
  readonly onConfirm: () => Promise<unknown>;
  readonly onOpenChange?: (open: boolean) => void;
  readonly isDisabled?: boolean;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogTrigger onOpenChange={props.onOpenChange}>
      <Button variant={props.triggerVariant ?? 'secondary'} isDisabled={props.isDisabled}>
        {props.trigger}
      </Button>
      <ModalOverlay className="rounds__overlay" isDismissable={!props.pending}>
        <Modal className="rounds__modal">
          <Dialog className="rounds__dialog">
            {({ close }) => (
              <>
                <Heading slot="title" className="rounds__dialog-title">
                  {props.title}
                </Heading>
                {props.children}
                <Problem error={props.error} />
                <div className="rounds__dialog-actions">
                  <Button
                    variant={props.confirmVariant ?? 'primary'}
                    isDisabled={props.pending}
                    onPress={() => void props.onConfirm().then(close, () => undefined)}
                  >
                    {props.confirm}
                  </Button>
                  <Button onPress={close} isDisabled={props.pending}>
                    {t('actions.cancel')}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
