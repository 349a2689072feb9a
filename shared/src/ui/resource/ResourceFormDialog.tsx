import { Dialog, Portal } from '@chakra-ui/react';
import type { ResourceRow } from './resourceApi';
import type { ResourceDefinition } from './resourceDefinition';
import { ResourceForm } from './ResourceForm';

export interface ResourceFormDialogProps<T extends ResourceRow> {
  def: ResourceDefinition<T>;
  scope?: string;
  item?: T;
  title: string;
  preset?: Record<string, string>;
  onClose: () => void;
}

/** Create or edit a resource in a dialog (resources that have no create/edit screens). */
export function ResourceFormDialog<T extends ResourceRow>({
  def,
  scope,
  item,
  title,
  preset,
  onClose,
}: ResourceFormDialogProps<T>) {
  return (
    <Dialog.Root open onOpenChange={(e) => (e.open ? undefined : onClose())} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <ResourceForm def={def} scope={scope} item={item} preset={preset} onDone={onClose} />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
