/**
 * The note operation staff keep on an outage: the ticket, the estimated time back (typed as the portal
 * writes dates), a text. The form is the shared edit schema (common/src/outages.ts) with the time as the
 * date field gives it; the API validates the same schema again.
 */
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { outageNoteEditSchema, type Outage } from '@insight/common/outages';
import { encodeMessage } from '@insight/common/validators';
import { EditDialog, type FormField } from '../../../components/admin/edit-dialog';
import { runWrite } from '../../../lib/write-error-store';
import { saveOutageNote } from '../api/outages';

/** The note's form: the shared edit schema, with the time as a Date (the date field's value). */
export const noteFormSchema = outageNoteEditSchema.extend({
  backAbout: z.date({ error: encodeMessage({ key: 'date' }) }).nullable(),
});

export function NoteDialog({
  outage,
  place,
  onClose,
}: {
  /** The outage whose note is edited; null: the dialog is closed. */
  outage: Outage | null;
  place: string;
  onClose(): void;
}) {
  const { t } = useTranslation('outages');
  const fields: FormField[] = [
    { name: 'ticket', label: t('note.ticket') },
    { name: 'backAbout', label: t('note.backAbout'), kind: 'datetime' },
    { name: 'text', label: t('note.text'), multiline: true, wide: true },
  ];
  return (
    <EditDialog
      open={outage !== null}
      title={t('note.editTitle', { place })}
      schema={noteFormSchema}
      defaultValues={{
        ticket: outage?.note.ticket ?? '',
        backAbout: outage?.note.backAbout ? new Date(outage.note.backAbout) : null,
        text: outage?.note.text ?? '',
      }}
      fields={fields}
      onSubmit={(values) =>
        runWrite(() =>
          saveOutageNote(outage!.id, {
            ticket: values.ticket,
            backAbout: values.backAbout ? values.backAbout.toISOString() : null,
            text: values.text,
          }),
        )
      }
      onClose={onClose}
      testId="outage-note-dialog"
    />
  );
}
