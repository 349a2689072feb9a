import { Box, Dialog, Flex, Kbd, Portal, Table, Text, CloseButton } from '@chakra-ui/react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_SHORTCUT_ATTR, SHORTCUTS, useShortcuts } from './shortcuts';

/**
 * The area-wide shortcuts: "/" focuses the page's search field, g then l goes to the saved lists, ? opens the dialog
 * listing every shortcut. The list page adds j, k, x and o for its rows (SavedListScreen).
 */
export function AreaShortcuts() {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  useShortcuts({
    search: () => document.querySelector<HTMLInputElement>(`[${SEARCH_SHORTCUT_ATTR}]`)?.focus(),
    savedLists: () => navigate('/saved-lists'),
    help: () => setOpen(true),
  });
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('shortcuts.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb={3} fontSize="sm">
                {t('shortcuts.help')}
              </Text>
              <Table.Root size="sm" aria-label={t('shortcuts.title')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('shortcuts.keys')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('shortcuts.action')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {SHORTCUTS.map((s) => (
                    <Table.Row key={s.action}>
                      <Table.Cell>
                        <Flex gap={1} align="center">
                          {s.keys.map((key, i) => (
                            <Fragment key={key}>
                              {i > 0 ? <Box as="span">{t('shortcuts.then')}</Box> : null}
                              <Kbd>{key}</Kbd>
                            </Fragment>
                          ))}
                        </Flex>
                      </Table.Cell>
                      <Table.Cell>{t(`shortcuts.actions.${s.action}`)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('shortcuts.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
