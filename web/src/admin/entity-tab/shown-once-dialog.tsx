import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { HStack, Stack } from 'styled-system/jsx';
import { CopyIcon } from '../../components/icons';
import { Button, IconButton } from '../../components/ui/button';
import * as Dialog from '../../components/ui/dialog';

/**
 * A secret shown once after a creation (an API key, an invite link): the value with a copy button,
 * any warning below it, and Done. A click outside does not close it (the value would be lost).
 */
export function ShownOnceDialog({
  title,
  description,
  value,
  testId,
  copyLabel,
  onCopy,
  onClose,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  value: string;
  testId: string;
  copyLabel: string;
  onCopy: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} closeOnInteractOutside={false}>
      <Dialog.Portal>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="3">
            <HStack
              gap="2"
              p="3"
              borderWidth="1px"
              borderColor="border.default"
              borderRadius="l2"
              bg="bg.muted"
            >
              <code
                data-testid={testId}
                className={css({ flex: '1', fontFamily: 'mono', textStyle: 'sm', wordBreak: 'break-all' })}
              >
                {value}
              </code>
              <IconButton aria-label={copyLabel} variant="outline" size="sm" onClick={onCopy}>
                <CopyIcon />
              </IconButton>
            </HStack>
            {children}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button onClick={onClose}>Done</Button>
        </Dialog.Footer>
        <Dialog.CloseButton />
      </Dialog.Portal>
    </Dialog.Root>
  );
}
