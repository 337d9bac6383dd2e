import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Section } from '@insight/common/customer360';
import { SectionCard } from '../../../components/section-card';
import type { SectionData, useSection } from '../api/sections';
import { useNoCustomerNote } from './no-customer';

interface Props<K extends Section> {
  section: K;
  swr: ReturnType<typeof useSection<K>>;
  title: string;
  /** The card's test id when the section shows in several cards (section-<section> otherwise). */
  testId?: string;
  children: (data: SectionData[K]) => ReactNode;
}

/** A card of the 360 view fed by one API section, with its states and a refresh that bypasses the cache. */
export function ViewCard<K extends Section>({ section, swr, title, testId, children }: Props<K>) {
  const { t } = useTranslation('insight360');
  const errorNote = useNoCustomerNote();
  return (
    <SectionCard
      title={title}
      name={t(`sections.${section}`)}
      state={swr}
      onRefresh={() => void swr.refresh()}
      testId={testId ?? `section-${section}`}
      errorNote={errorNote}
    >
      {children}
    </SectionCard>
  );
}
