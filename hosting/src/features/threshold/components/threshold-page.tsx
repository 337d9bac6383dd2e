import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../../components/section-tabs';
import PlaceholderPage from '../../placeholder/components/placeholder-page';

const CHILDREN = {
  '': 'thresholdRules',
  definitions: 'thresholdDefinitions',
  variants: 'thresholdVariants',
} as const;

/** /threshold: default child '' shows the rules; children definitions and variants. */
export default function ThresholdPage() {
  const { t } = useTranslation();
  return (
    <SectionTabs title={t('nav.threshold')} base="/threshold" childPages={CHILDREN}>
      {(_child, page) => <PlaceholderPage page={page} />}
    </SectionTabs>
  );
}
