import PlaceholderPage from '../../../components/placeholder-page';

const PAGES = {
  '': 'thresholdRules',
  definitions: 'thresholdDefinitions',
  variants: 'thresholdVariants',
} as const;

/** /threshold: child '' shows the rules; children definitions and variants. */
export default function ThresholdPage({ child = '' }: { child?: string }) {
  return <PlaceholderPage page={PAGES[child as keyof typeof PAGES] ?? 'thresholdRules'} />;
}
