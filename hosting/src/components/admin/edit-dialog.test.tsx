import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { areaFieldsSchema, idSchema } from '@insight/common/network';
import { renderWithTheme } from '../../testing/render';
import { EditDialog } from './edit-dialog';

const schema = areaFieldsSchema.extend({ id: idSchema });
const fields = [
  { name: 'id', label: 'Code' },
  { name: 'name', label: 'Name' },
];

function dialog(onSubmit = vi.fn(async () => true), onClose = vi.fn()) {
  return (
    <EditDialog
      open
      title="Add"
      schema={schema}
      defaultValues={{ id: '', name: '' }}
      fields={fields}
      notice={(values) => (values.id === 'TAKEN' ? 'caution' : null)}
      onSubmit={onSubmit}
      onClose={onClose}
      testId="dlg"
    />
  );
}

describe('EditDialog', () => {
  it('when required fields are empty, then the section 5 messages show and nothing is saved', async () => {
    const onSubmit = vi.fn(async () => true);
    await renderWithTheme(dialog(onSubmit));
    await userEvent.click(screen.getByTestId('dlg-save'));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });
  it('when the values break the validators, then the messages are in French in French', async () => {
    await renderWithTheme(dialog(), 'fr');
    await userEvent.type(screen.getByTestId('field-id'), 'bad id');
    await userEvent.type(screen.getByTestId('field-name'), 'A');
    await userEvent.click(screen.getByTestId('dlg-save'));
    expect(
      await screen.findByText('Caractères alphanumériques, trait de soulignement, tiret et crochets permis'),
    ).toBeTruthy();
    expect(screen.getByText('2 caractères min.')).toBeTruthy();
  });
  it('when the values are valid, then the parsed values are submitted and the dialog closes', async () => {
    const onSubmit = vi.fn(async () => true);
    const onClose = vi.fn();
    await renderWithTheme(dialog(onSubmit, onClose));
    await userEvent.type(screen.getByTestId('field-id'), 'ON-OTT-09');
    await userEvent.type(screen.getByTestId('field-name'), 'Île Bizard 01');
    await userEvent.click(screen.getByTestId('dlg-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ id: 'ON-OTT-09', name: 'Île Bizard 01' }));
    expect(onClose).toHaveBeenCalled();
  });
  it('when the save fails, then the dialog stays open with what was typed', async () => {
    const onClose = vi.fn();
    await renderWithTheme(
      dialog(
        vi.fn(async () => false),
        onClose,
      ),
    );
    await userEvent.type(screen.getByTestId('field-id'), 'ON-OTT-09');
    await userEvent.type(screen.getByTestId('field-name'), 'Ottawa 09');
    await userEvent.click(screen.getByTestId('dlg-save'));
    await waitFor(() => expect(screen.getByTestId('dlg-save')).toHaveProperty('disabled', false));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('Ottawa 09');
  });
  it('when the id typed exists, then the caution notice shows before saving', async () => {
    await renderWithTheme(dialog());
    expect(screen.queryByTestId('dlg-notice')).toBeNull();
    await userEvent.type(screen.getByTestId('field-id'), 'TAKEN');
    expect((await screen.findByTestId('dlg-notice')).textContent).toBe('caution');
  });
});

describe('EditDialog date field', () => {
  const dated = z.object({ at: z.date({ message: 'date' }).nullable() });
  const datedDialog = (onSubmit: (values: { at: Date | null }) => Promise<boolean>) => (
    <EditDialog
      open
      title="Edit"
      schema={dated}
      defaultValues={{ at: new Date(2026, 10, 26, 14, 2) }}
      fields={[{ name: 'at', label: 'When', kind: 'datetime' }]}
      onSubmit={onSubmit}
      onClose={vi.fn()}
      testId="dated"
    />
  );
  const field = () => screen.getByTestId('field-at') as HTMLInputElement;

  it('when a date is edited in English, then it shows as MM/DD/YY, hh:mm AM/PM and the time typed that way is saved', async () => {
    const onSubmit = vi.fn(async () => true);
    await renderWithTheme(datedDialog(onSubmit));
    expect(field().value).toBe('11/26/26, 02:02 PM');
    expect(field().getAttribute('placeholder')).toBe('MM/DD/YY, hh:mm AM/PM');
    await userEvent.clear(field());
    await userEvent.type(field(), '11/27/26, 09:30 AM');
    await userEvent.click(screen.getByTestId('dated-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ at: new Date(2026, 10, 27, 9, 30) }));
  });

  it('when a date is edited in French, then it shows as 2026-11-26 14 h 02 and MM/DD/YY is refused', async () => {
    const onSubmit = vi.fn(async () => true);
    await renderWithTheme(datedDialog(onSubmit), 'fr');
    expect(field().value).toBe('2026-11-26 14 h 02');
    await userEvent.clear(field());
    await userEvent.type(field(), '11/27/26, 09:30 AM');
    await userEvent.click(screen.getByTestId('dated-save'));
    expect(await screen.findByText('Date et heure valides requises')).toBeTruthy();
    await userEvent.clear(field());
    await userEvent.type(field(), '2026-11-27 9 h 30');
    await userEvent.click(screen.getByTestId('dated-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ at: new Date(2026, 10, 27, 9, 30) }));
  });
});
