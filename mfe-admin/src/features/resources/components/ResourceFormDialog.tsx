import { Dialog, Portal } from '@chakra-ui/react';
import type { ResourceItem } from '../api/listResource';
import type { ResourceDefinition } from '../definitions';
import { ResourceForm } from './ResourceForm';

/** Create or edit a resource in a dialog (screens that have no create/edit route). */
export function ResourceFormDialog({ def, base, item, title, preset, onClose }: { def: ResourceDefinition; base: string; item?: ResourceItem; title: string; preset?: Record<string, string>; onClose: () => void }) {
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
              <ResourceForm def={def} base={base} item={item} preset={preset} onDone={onClose} />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
