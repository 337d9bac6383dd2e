import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { SectionTabs } from '../../../components/section-tabs';
import NotFoundPage from '../../errors/components/not-found-page';
import PlaceholderPage from '../../placeholder/components/placeholder-page';

const CHILDREN = {
  '': 'thresholdRules',
  definitions: 'thresholdDefinitions',
  variants: 'thresholdVariants',
} as const;

/** /threshold: default child '' shows the rules; children definitions and variants. */
export default function ThresholdPage() {
  const { t } = useTranslation();
  const { child = '' } = useParams<{ child?: string }>();
  if (!Object.hasOwn(CHILDREN, child)) return <NotFoundPage />;
  const page = CHILDREN[child as keyof typeof CHILDREN];
  return (
    <SectionTabs
      title={t('nav.threshold')}
      current={child ? `/threshold/${child}` : '/threshold'}
      tabs={Object.entries(CHILDREN).map(([path, key]) => ({
        path: path ? `/threshold/${path}` : '/threshold',
        label: t(`pages.${key}`),
      }))}
    >
      <PlaceholderPage page={page} />
    </SectionTabs>
  );
}
