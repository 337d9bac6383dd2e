import { useMemo, useState } from 'react';
import { Box, InputAdornment, Link, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { can } from '@insight/common/roles';
import { definitionName, variantLabel } from '@insight/common/threshold';
import { useDataText } from '../../../hooks/use-data-text';
import { AppLink } from '../../../components/app-link';
import { RecountButton } from '../../../components/admin/recount-button';
import { useAuth } from '../../../providers/auth-provider';
import { useThresholdLists } from '../api/threshold-lists';
import { DefinitionsTable } from './definitions-table';
import { PlaybookPage } from './playbook-page';
import { RulesTable } from './rules-table';
import { TestValueBox } from './test-value-box';
import { ThresholdConflicts } from './threshold-conflicts';
import { matchesSearch, searchTexts } from './threshold-search';
import { VariantsTable } from './variants-table';
import { useRangeText } from './use-threshold-text';

/**
 * /threshold: child '' shows the rules (with the "test a value" box), 'definitions' and 'variants' the
 * lists the rules refer to, 'playbook' the diagnosis playbook (what the 360 view says about each finding).
 */
export default function ThresholdPage({ child = '' }: { child?: string }) {
  return child === 'playbook' ? <PlaybookPage /> : <ThresholdLists child={child} />;
}

/** The rules, definitions and variants: one search looks through all three and says how many match in each. */
function ThresholdLists({ child }: { child: string }) {
  const { t } = useTranslation('admin');
  const { state } = useAuth();
  const canWrite = can(state.status === 'signedIn' ? state.user.roles : [], 'adminWrite');
  const lists = useThresholdLists();
  const rangeText = useRangeText();
  const dataText = useDataText();
  const [search, setSearch] = useState('');
  const [testValue, setTestValue] = useState('');

  const matched = useMemo(() => {
    const definitions = new Map(lists.definitions.rows.map((row) => [row.id, row]));
    const variants = new Map(lists.variants.rows.map((row) => [row.id, row]));
    const definitionOf = (id: string) => {
      const definition = definitions.get(id);
      return definition ? definitionName(definition) : null;
    };
    const variantOf = (id: string) => {
      const variant = variants.get(id);
      return variant ? variantLabel(variant) : null;
    };
    return {
      rules: lists.rules.rows.filter((rule) =>
        matchesSearch(
          search,
          searchTexts.rules(rule, {
            definition: dataText(definitionOf(rule.definitionName)) ?? undefined,
            variant: rule.variantName
              ? (dataText(variantOf(rule.variantName)) ?? undefined)
              : t('threshold.default'),
            range: rangeText(rule, definitions.get(rule.definitionName)?.format ?? null),
          }),
        ),
      ),
      definitions: lists.definitions.rows.filter((definition) =>
        matchesSearch(
          search,
          searchTexts.definitions(
            definition,
            t(`threshold.parameters.${definition.parameter}` as 'threshold.parameters.rxPower', ''),
          ),
        ),
      ),
      variants: lists.variants.rows.filter((variant) => matchesSearch(search, searchTexts.variants(variant))),
    };
    // rangeText, dataText and t change with the language only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lists.rules.rows, lists.definitions.rows, lists.variants.rows, search, t]);

  const tab = child === 'definitions' || child === 'variants' ? child : 'rules';
  const count = (kind: 'rules' | 'definitions' | 'variants', path: string) => (
    <Link
      component={AppLink}
      href={path}
      data-testid={`matches-${kind}`}
      underline={kind === tab ? 'none' : 'always'}
    >
      {matched[kind].length}
    </Link>
  );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          type="search"
          size="small"
          label={t('threshold.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: { sm: 380 } }}
          slotProps={{
            htmlInput: { 'data-testid': 'threshold-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {search.trim() && (
          <Typography variant="body2" aria-live="polite" data-testid="threshold-matches">
            {t('threshold.matchesLabel')} {t('threshold.rules')} {count('rules', '/threshold')} ·{' '}
            {t('threshold.definitions')} {count('definitions', '/threshold/definitions')} ·{' '}
            {t('threshold.variants')} {count('variants', '/threshold/variants')}
          </Typography>
        )}
        {canWrite && (
          <Box sx={{ ml: { sm: 'auto !important' } }}>
            <RecountButton />
          </Box>
        )}
      </Stack>
      {tab === 'rules' && <TestValueBox lists={lists} typed={testValue} onType={setTestValue} />}
      {tab === 'rules' && <ThresholdConflicts lists={lists} />}
      {tab === 'rules' && (
        <RulesTable lists={lists} rows={matched.rules} canWrite={canWrite} testValue={testValue} />
      )}
      {tab === 'definitions' && (
        <DefinitionsTable lists={lists} rows={matched.definitions} canWrite={canWrite} />
      )}
      {tab === 'variants' && <VariantsTable lists={lists} rows={matched.variants} canWrite={canWrite} />}
    </Stack>
  );
}
