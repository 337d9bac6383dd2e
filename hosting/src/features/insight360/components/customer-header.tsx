import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import { useTranslation } from 'react-i18next';
import type { Customer, ServiceTreeNode } from '@insight/common/customer360';
import { AppLink } from '../../../components/app-link';
import { FieldList } from '../../../components/field-list';

/**
 * A value that opens its row in the network lists (engineers keep them; the links filter on the id), for
 * those who may read the lists (`adminRead`); for anyone else, the value alone.
 */
function ListLink({
  value,
  href,
  testId,
  linked,
}: {
  value: string | null;
  href: string;
  testId: string;
  linked: boolean;
}) {
  if (!value) return <>-</>;
  if (!linked) return <>{value}</>;
  return (
    <Link component={AppLink} href={href} data-testid={testId}>
      {value}
    </Link>
  );
}

function TreeNodes({ nodes }: { nodes: ServiceTreeNode[] }) {
  return nodes.map((node) => (
    <TreeItem key={node.id} itemId={node.id} label={node.name}>
      {node.children.length > 0 && <TreeNodes nodes={node.children} />}
    </TreeItem>
  ));
}

/**
 * Who the customer is: names, numbers, contact, service addresses with their services, node, CMTS (the
 * OLT on fibre) and head end, each linked to its row of the network lists, services tree.
 */
export function CustomerHeader({
  customer,
  headEnd,
  cmts,
  listLinks,
}: {
  customer: Customer;
  headEnd: string | null;
  cmts: string | null;
  /** Whether the CMTS and the head end link to the network lists (the user may read them). */
  listLinks: boolean;
}) {
  const { t } = useTranslation('insight360');
  return (
    <Stack spacing={2}>
      {/* The account's two names are its contacts: labelled, so that the second is not taken for a typo. */}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('customer.primaryContact')}
          </Typography>
          <Typography variant="h5" component="p" data-testid="customer-name" sx={{ fontWeight: 600 }}>
            {customer.name.line1}
          </Typography>
        </Box>
        {customer.name.line2 && (
          <Box>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('customer.secondaryContact')}
            </Typography>
            <Typography variant="h6" component="p" data-testid="customer-name-2">
              {customer.name.line2}
            </Typography>
          </Box>
        )}
      </Box>
      <FieldList
        columns={3}
        fields={[
          { label: t('customer.account'), value: customer.customerAccount, testId: 'customer-account' },
          {
            label: t('customer.billingAccount'),
            testId: 'customer-billing',
            value: (
              <>
                {customer.billingAccount ?? '-'}
                {customer.billingAccountCount > 1 && (
                  <Chip
                    size="small"
                    sx={{ ml: 1 }}
                    label={t('customer.severalBilling', {
                      count: customer.billingAccountCount,
                      status: customer.billingAccountStatus,
                    })}
                  />
                )}
              </>
            ),
          },
          { label: t('customer.type'), value: customer.customerAccountTypeName },
          { label: t('customer.phone'), value: customer.phone, testId: 'customer-phone' },
          { label: t('customer.email'), value: customer.email ?? '-', testId: 'customer-email' },
          { label: t('customer.node'), value: customer.node ?? '-', testId: 'customer-node' },
          {
            label: t('customer.cmts'),
            value: (
              <ListLink
                value={cmts}
                href={`/net-manage?${new URLSearchParams({ cmtsId: cmts ?? '' }).toString()}`}
                testId="customer-cmts-link"
                linked={listLinks}
              />
            ),
            testId: 'customer-cmts',
          },
          {
            label: t('customer.headEnd'),
            value: (
              <ListLink
                value={headEnd}
                href={`/net-manage/head-end?${new URLSearchParams({ id: headEnd ?? '' }).toString()}`}
                testId="customer-head-end-link"
                linked={listLinks}
              />
            ),
            testId: 'customer-head-end',
          },
        ]}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {customer.addresses.map((address, index) => (
          <Box key={address.address} data-testid="customer-address">
            <Typography variant="caption" color="text.secondary" component="p">
              {t('customer.serviceAddress', { n: index + 1 })}
            </Typography>
            {address.lines.map((line) => (
              <Typography key={line} variant="body2">
                {line}
              </Typography>
            ))}
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {address.services.map((service) => (
                <Chip key={service} size="small" variant="outlined" label={service} />
              ))}
            </Stack>
          </Box>
        ))}
      </Box>
      {customer.servicesTree.length > 0 && (
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('customer.servicesTree')}
          </Typography>
          <SimpleTreeView
            aria-label={t('customer.servicesTree')}
            defaultExpandedItems={customer.servicesTree.map((node) => node.id)}
          >
            <TreeNodes nodes={customer.servicesTree} />
          </SimpleTreeView>
        </Box>
      )}
    </Stack>
  );
}
