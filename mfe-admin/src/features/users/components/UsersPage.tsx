import { Badge, Box, Button, Flex, Text } from '@chakra-ui/react';
import {
  ErrorState,
  PageHeader,
  PageSpinner,
  useCrossAreaNavigate,
  type ModuleSlug,
  ConfirmDialog,
  DataTable,
  FilterSelect,
  Pagination,
  useListParams,
} from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatNumber } from '../../../components/formatting';
import { SearchBox } from '../../../components/SearchBox';
import { DEFAULT_PAGE_SIZE } from '@leadsmith/shared';
import { useImpersonateUser } from '../api/impersonateUser';
import {
  LAST_LOGIN_BUCKETS,
  useUsers,
  type AdminUser,
  type LastLoginBucket,
  type UserListQuery,
  type UserType,
} from '../api/listUsers';
import { useUserAction, type UserAction } from '../api/userActions';
import { MODULE_OPTIONS, USER_TYPES } from './options';
import { UserActionsMenu, type MenuAction } from './UserActionsMenu';

const FILTERS = ['search', 'status', 'user_type', 'module', 'last_login'] as const;
type Pending = { user: AdminUser; action: Exclude<MenuAction, 'edit' | 'history'> } | null;

export function UsersPage() {
  const { t } = useTranslation('admin');
  const { page, filters, setFilter, setPage } = useListParams(FILTERS);
  const query: UserListQuery = {
    page,
    search: filters.search || undefined,
    status: (filters.status || 'active') as UserListQuery['status'],
    user_type: (filters.user_type || undefined) as UserType | undefined,
    module: (filters.module || undefined) as ModuleSlug | undefined,
    last_login: (filters.last_login || undefined) as LastLoginBucket | undefined,
  };
  const users = useUsers(query);
  const action = useUserAction();
  const crossNavigate = useCrossAreaNavigate();
  const impersonate = useImpersonateUser(() => crossNavigate('/'));
  const [pending, setPending] = useState<Pending>(null);

  const confirm = () => {
    if (!pending) return;
    const done = { onSettled: () => setPending(null) };
    if (pending.action === 'impersonate') impersonate.mutate(pending.user.id, done);
    else action.mutate({ id: pending.user.id, action: pending.action as UserAction }, done);
  };
  const nameOf = (u: AdminUser) => `${u.first_name} ${u.last_name}`.trim() || u.email;

  return (
    <Box>
      <PageHeader
        title={t('routes.users')}
        actions={
          <Flex gap={2}>
            <Button asChild variant="outline" size="sm">
              <RouterLink to="/users/history">{t('routes.usersHistory')}</RouterLink>
            </Button>
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/users/create">{t('routes.userCreate')}</RouterLink>
            </Button>
          </Flex>
        }
      />
      <Flex as="section" aria-label={t('kit.filters')} gap={4} wrap="wrap" mb={4} align="end">
        <SearchBox label={t('users.search')} value={filters.search} onChange={(v) => setFilter('search', v)} />
        <FilterSelect
          label={t('users.status')}
          value={filters.status || 'active'}
          onChange={(v) => setFilter('status', v === 'active' ? '' : v)}
          options={(['active', 'deleted', 'all'] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
        />
        <FilterSelect
          label={t('fields.user_type')}
          value={filters.user_type}
          onChange={(v) => setFilter('user_type', v)}
          allLabel={t('kit.all')}
          options={USER_TYPES.map((u) => ({ value: u, label: t(`userTypes.${u}`) }))}
        />
        <FilterSelect
          label={t('fields.modules')}
          value={filters.module}
          onChange={(v) => setFilter('module', v)}
          allLabel={t('kit.all')}
          options={MODULE_OPTIONS.map((m) => ({ value: m, label: t(`modules.${m}`) }))}
        />
        <FilterSelect
          label={t('users.lastLogin')}
          value={filters.last_login}
          onChange={(v) => setFilter('last_login', v)}
          allLabel={t('kit.all')}
          options={LAST_LOGIN_BUCKETS.map((b) => ({ value: b, label: t(`users.lastLoginBuckets.${b}`) }))}
        />
      </Flex>
      {users.isPending ? (
        <PageSpinner />
      ) : users.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void users.refetch()} />
      ) : (
        <>
          <DataTable
            label={t('routes.users')}
            rows={users.data.data}
            rowKey={(u) => u.id}
            columns={[
              {
                key: 'name',
                header: t('users.name'),
                render: (u) => (
                  <Box>
                    <Text fontWeight="semibold">{nameOf(u)}</Text>
                    <Text fontSize="sm">{u.email}</Text>
                  </Box>
                ),
              },
              { key: 'type', header: t('fields.user_type'), render: (u) => t(`userTypes.${u.user_type}`) },
              {
                key: 'modules',
                header: t('fields.modules'),
                render: (u) => (u.held_modules.length ? u.held_modules.map((m) => t(`modules.${m}`)).join(', ') : '—'),
              },
              { key: 'plan', header: t('fields.plan_id'), render: (u) => u.plan_name ?? '—' },
              { key: 'login', header: t('users.lastLogin'), render: (u) => formatDate(u.last_login_at, true) },
              {
                key: 'searches',
                header: t('users.searches'),
                end: true,
                render: (u) => `${formatNumber(u.searches_used)} / ${formatNumber(u.search_limit)}`,
              },
              {
                key: 'extra',
                header: t('fields.additional_query_count'),
                end: true,
                render: (u) => formatNumber(u.additional_query_count),
              },
              {
                key: 'status',
                header: t('users.status'),
                render: (u) =>
                  u.deleted_at ? (
                    <Badge colorPalette="red" variant="outline">
                      {t('users.statuses.deleted')}
                    </Badge>
                  ) : (
                    <Badge colorPalette="green" variant="outline">
                      {t('users.statuses.active')}
                    </Badge>
                  ),
              },
              {
                key: 'actions',
                header: t('users.actions'),
                end: true,
                render: (u) => <UserActionsMenu user={u} onAction={(a) => setPending({ user: u, action: a })} />,
              },
            ]}
          />
          <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} total={users.data.total} onChange={setPage} />
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`users.confirm.${pending.action}.title`) : ''}
        body={pending ? t(`users.confirm.${pending.action}.body`, { name: nameOf(pending.user) }) : ''}
        confirmLabel={pending ? t(`users.confirm.${pending.action}.action`) : ''}
        destructive={pending?.action === 'delete'}
        busy={action.isPending || impersonate.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
