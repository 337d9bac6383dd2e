import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CardActionArea,
  CardContent,
  Grid,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { useTranslation } from 'react-i18next';
import { formatMac } from '@insight/common/mac';
import { mayOpenViews, useAuth } from '../../../providers/auth-provider';
import type { Tool } from '../../../lib/tools';
import { AppLink } from '../../../components/app-link';
import { MacSearchField } from '../../../components/mac-search-field';
import { useRecentLookups } from '../../../hooks/use-recent-lookups';
import { useDeviceScores } from '../../../hooks/use-device-scores';
import { useOpenOutages } from '../../../hooks/use-open-outages';
import { ScoreBadge } from '../../../components/score-badge';
import type { DeviceScore } from '../../../hooks/use-device-scores';

/**
 * A recent lookup: whom it was (the customer's name at the device's last look), the MAC, the score with its
 * meaning and the time of that look, and "Known outage" when an open outage covers where the device hung at
 * that look. A device never looked at whole shows its MAC alone.
 */
function RecentLookup({
  mac,
  score,
  inOutage,
}: {
  mac: string;
  score: DeviceScore | undefined;
  inOutage: boolean;
}) {
  const { t } = useTranslation('home');
  const customer = score?.customer;
  const shownMac = (
    <Box component="span" sx={{ fontFamily: 'monospace' }}>
      {formatMac(mac)}
    </Box>
  );
  // Each link in its own list item: a list holds only <li> children (axe `list`).
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={AppLink}
        href={`/i/mac/${mac}`}
        data-testid={`recent-${mac}`}
        sx={{ borderRadius: 1, minHeight: 48 }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <HistoryIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={
            customer ? (
              <Box component="span" sx={{ fontWeight: 600 }} data-testid={`recent-customer-${mac}`}>
                {customer}
              </Box>
            ) : (
              shownMac
            )
          }
          secondary={
            <Box
              component="span"
              sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'center' }}
            >
              {customer && shownMac}
              <ScoreBadge score={score} testId={`recent-score-${mac}`} withTime />
              {inOutage && (
                <Chip
                  component="span"
                  size="small"
                  color="warning"
                  icon={<ReportProblemIcon />}
                  label={t('knownOutage')}
                  data-testid={`recent-outage-${mac}`}
                />
              )}
            </Box>
          }
          slotProps={{ secondary: { component: 'span', sx: { display: 'block' } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

/** The signed-in home: the MAC search, the user's recent lookups and the tools their roles open. */
export default function SignedInHome({ tools }: { tools: Tool[] }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('errors');
  const { state } = useAuth();
  const user = state.status === 'signedIn' ? state.user : null;
  // The MAC search opens 360 views: a user who may open none is told how to get a role instead.
  const canSearch = mayOpenViews(state);
  const recent = useRecentLookups(user?.uid ?? null);
  // Who is in trouble at a glance: each device's score at its last look.
  const scores = useDeviceScores(recent.list);
  // Which of them a known outage covers now (read only when there is a list to mark).
  const outages = useOpenOutages(recent.list.length > 0);

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 34 } }}>
          {tc('portalTitle')}
        </Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('welcome')}
        </Typography>
        {canSearch ? (
          <MacSearchField id="home-mac-search" autoFocus />
        ) : (
          <Typography color="text.secondary" data-testid="home-no-search">
            {te('noAccessHint')}
          </Typography>
        )}
      </Paper>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="h6" component="h2">
                {t('recent')}
              </Typography>
              {recent.list.length > 0 && (
                <Button size="small" onClick={recent.clear}>
                  {t('clearRecent')}
                </Button>
              )}
            </Stack>
            {recent.failed && (
              <Alert severity="warning" sx={{ mb: 1 }} data-testid="recent-failed">
                {t(recent.failed === 'read' ? 'recentFailed' : 'clearFailed')}
              </Alert>
            )}
            {recent.list.length === 0 ? (
              recent.failed !== 'read' && <Typography color="text.secondary">{t('recentEmpty')}</Typography>
            ) : (
              <List dense disablePadding data-testid="recent-lookups">
                {recent.list.map((mac) => (
                  <RecentLookup
                    key={mac}
                    mac={mac}
                    score={scores[mac]}
                    inOutage={Boolean(
                      outages && scores[mac]?.place && outages.covering(scores[mac].place).length,
                    )}
                  />
                ))}
              </List>
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('tools')}
          </Typography>
          <Grid container spacing={2}>
            {tools.map((tool) => (
              <Grid key={tool.key} size={{ xs: 12, sm: 6 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea component={AppLink} href={tool.path} sx={{ height: '100%' }}>
                    <CardContent>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                        {t(`toolNames.${tool.key}`)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t(`toolDescriptions.${tool.key}`)}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
          {user && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('yourRoles', { roles: user.roles.join(', ') || '-' })}
            </Typography>
          )}
        </Grid>
      </Grid>
    </Stack>
  );
}
