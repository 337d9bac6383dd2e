import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  FormGroup,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useGridLocaleText } from '../../../lib/grid-locale';
import { capabilitiesOf, can, ROLE_KEYS, type RoleKey } from '@insight/common/roles';
import { useAuth } from '../../../providers/auth-provider';
import { useDateCells } from '../../../lib/date';
import { notifyDataUpdated } from '../../../lib/snackbar-store';
import { OperationDialog } from '../../../components/operation-dialog';
import { useOperation } from '../../../hooks/use-operation';
import { setUserRoles, useUsers, type DirectoryUser } from '../api/users';
import { PortalDataGrid } from '../../../components/portal-data-grid';

function RoleChips({ roles }: { roles: RoleKey[] }) {
  const { t } = useTranslation('admin');
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, py: 0.5 }}>
      {roles.map((role) => (
        <Chip key={role} size="small" label={role} title={t(`roles.${role}`)} />
      ))}
    </Stack>
  );
}

function EditRoles({ user, onClose, onSaved }: { user: DirectoryUser; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('admin');
  const [roles, setRoles] = useState<RoleKey[]>(user.roles);
  const [confirming, setConfirming] = useState(false);
  const save = useOperation((_key) =>
    setUserRoles(user.uid, roles).then((result) => (onSaved(), { requestId: result.uid })),
  );
  const granted = roles.filter((role) => !user.roles.includes(role));
  const revoked = user.roles.filter((role) => !roles.includes(role));
  const name = user.displayName ?? user.email ?? user.uid;
  return (
    <OperationDialog
      open
      title={t('permissions.editRolesOf', { name })}
      message={
        confirming
          ? t('permissions.confirmChange', {
              granted: granted.join(', ') || t('permissions.nothing'),
              revoked: revoked.join(', ') || t('permissions.nothing'),
              name,
            })
          : ''
      }
      state={save.state}
      sentMessage={t('permissions.saved')}
      canConfirm={granted.length + revoked.length > 0}
      onConfirm={() => (confirming ? void save.submit() : setConfirming(true))}
      onClose={onClose}
      testId="roles-dialog"
    >
      {!confirming && (
        <FormGroup>
          {ROLE_KEYS.map((role) => (
            <FormControlLabel
              key={role}
              control={
                <Checkbox
                  checked={roles.includes(role)}
                  onChange={(event) =>
                    setRoles((current) =>
                      event.target.checked ? [...current, role] : current.filter((item) => item !== role),
                    )
                  }
                />
              }
              label={`${role} — ${t(`roles.${role}`)}`}
              data-testid={`role-${role}`}
            />
          ))}
        </FormGroup>
      )}
    </OperationDialog>
  );
}

function UserAdmin() {
  const { t } = useTranslation('admin');
  const { t: te } = useTranslation('errors');
  const localeText = useGridLocaleText({ noRowsLabel: t('permissions.noUsers') });
  const dateCells = useDateCells(t('permissions.never'));
  const users = useUsers(true);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<DirectoryUser | null>(null);
  const rows = useMemo(() => {
    const needle = query.toLowerCase().trim();
    return (users.data?.users ?? []).filter(
      (user) =>
        !needle ||
        [user.displayName, user.email, user.uid].some((value) => value?.toLowerCase().includes(needle)),
    );
  }, [users.data, query]);
  const columns: GridColDef<DirectoryUser>[] = [
    { field: 'displayName', headerName: t('permissions.columns.name'), flex: 1, minWidth: 150 },
    { field: 'email', headerName: t('permissions.columns.email'), flex: 1, minWidth: 200 },
    {
      field: 'roles',
      headerName: t('permissions.columns.roles'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) => <RoleChips roles={row.roles} />,
    },
    {
      field: 'lastSignIn',
      headerName: t('permissions.columns.lastSignIn'),
      minWidth: 170,
      ...dateCells,
    },
    {
      field: 'actions',
      headerName: t('permissions.columns.actions'),
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          onClick={() => setEditing(row)}
          data-testid={`edit-roles-${row.email ?? row.uid}`}
        >
          {t('permissions.editRoles')}
        </Button>
      ),
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('permissions.users')}
        </Typography>
        <TextField
          size="small"
          label={t('permissions.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'user-search' } }}
        />
        {users.error ? (
          <Alert severity="error">
            {t('permissions.loadFailed', { message: te(`codes.${users.error.code}`) })}
          </Alert>
        ) : (
          <Box sx={{ minHeight: 200 }}>
            <PortalDataGrid
              rows={rows}
              getRowId={(row) => row.uid}
              columns={columns}
              loading={users.isLoading}
              getRowHeight={() => 'auto'}
              autoHeight
              initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
              pageSizeOptions={[25, 50, 100]}
              disableRowSelectionOnClick
              localeText={localeText}
              aria-label={t('permissions.users')}
            />
          </Box>
        )}
      </Stack>
      {editing && (
        <EditRoles
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            void users.mutate();
            notifyDataUpdated();
          }}
        />
      )}
    </Paper>
  );
}

/** /permissions: engineering manages everyone's roles; others see their own roles and what they allow. */
export default function PermissionsPage() {
  const { t } = useTranslation('admin');
  const { state } = useAuth();
  if (state.status !== 'signedIn') return null;
  const { roles } = state.user;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Typography variant="h5" component="h1">
        {t('permissions.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {t('permissions.yourRoles')}
        </Typography>
        {roles.length === 0 ? (
          <Typography color="text.secondary">{t('permissions.noRoles')}</Typography>
        ) : (
          <RoleChips roles={roles} />
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('permissions.youCan')}
        </Typography>
        <List dense data-testid="my-capabilities">
          {capabilitiesOf(roles).map((capability) => (
            <ListItem key={capability} disableGutters>
              <ListItemText primary={t(`capabilities.${capability}`)} />
            </ListItem>
          ))}
        </List>
      </Paper>
      {can(roles, 'manageRoles') && <UserAdmin />}
    </Stack>
  );
}
