import { Button, Collapse, Paper } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { ViewSections } from '../api/sections';
import { useCustomerCardShown } from '../hooks/use-customer-card-shown';
import { CustomerHeader } from './customer-header';
import { ViewCard } from './view-card';

/**
 * Who the customer is; it folds away (folded at first on a phone) so the diagnosis stays on the first screen.
 * `listLinks`: the CMTS and the head end link to the network lists (for those who may read them).
 */
export function CustomerCard({ sections, listLinks }: { sections: ViewSections; listLinks: boolean }) {
  const { t } = useTranslation('insight360');
  const [shown, setShown] = useCustomerCardShown();
  const wan = sections.wan.data?.data;
  return (
    <Paper variant="outlined" sx={{ p: 0 }}>
      <Collapse in={shown} data-testid="customer-collapse">
        <ViewCard section="customer" swr={sections.customer} title={t('sections.customer')}>
          {(customer) => (
            <CustomerHeader
              customer={customer}
              headEnd={wan?.details.networkGroup ?? null}
              cmts={wan?.state.olt ?? null}
              listLinks={listLinks}
            />
          )}
        </ViewCard>
      </Collapse>
      <Button
        size="small"
        fullWidth
        onClick={() => setShown(!shown)}
        aria-expanded={shown}
        data-testid="customer-toggle"
        startIcon={shown ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      >
        {shown ? t('summary.hideCustomer') : t('summary.showCustomer')}
      </Button>
    </Paper>
  );
}
