import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
