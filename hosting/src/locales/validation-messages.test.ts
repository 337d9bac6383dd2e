import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, type ValidationMessage } from '@insight/common/validators';
import { resources } from './resources';

/**
 * The portal's fifteen historical messages (docs/requirements.md, "Validation messages"), word for word,
 * and their French: each message starts with them; help may follow after a colon.
 */
const HISTORICAL: ReadonlyArray<readonly [ValidationMessage, string, string]> = [
  [{ key: 'required' }, 'Required', 'Obligatoire'],
  [{ key: 'integer' }, 'Integer required', 'Nombre entier requis'],
  [{ key: 'float' }, 'Float required', 'Nombre décimal requis'],
  [{ key: 'ipAddress' }, 'IP Address required', 'Adresse IP requise'],
  [{ key: 'exactLength', num: 12 }, 'Length 12 required', 'Longueur de 12 requise'],
  [{ key: 'maxLength', num: 6 }, 'Max. 6 characters', '6 caractères max.'],
  [{ key: 'minLength', num: 2 }, 'Min. 2 characters', '2 caractères min.'],
  [
    { key: 'alphanumericBrackets' },
    'Alphanumeric, underscore, dash, square brackets permitted',
    'Caractères alphanumériques, trait de soulignement, tiret et crochets permis',
  ],
  [
    { key: 'oneOfMinMaxAlpha' },
    'One of min., max., alpha. must be entered',
    'Il faut saisir min., max. ou alpha.',
  ],
  [{ key: 'minLessThanMax' }, 'Min. must be less than max. value', 'Le min. doit être inférieur au max.'],
  [
    { key: 'minMaxWithoutAlpha' },
    'Min. and max. must be entered without alpha. value',
    'Saisir min. et max. sans valeur alpha.',
  ],
  [
    { key: 'exceedsLimit' },
    'Min. and max. cannot exceed +/- limit',
    'Min. et max. ne peuvent dépasser la limite +/-',
  ],
  [
    { key: 'rangeOverlap' },
    'Range min., max. cannot overlap with existing',
    'La plage min., max. ne peut chevaucher une plage existante',
  ],
  [{ key: 'duplicate' }, 'Duplicate', 'Doublon'],
  [
    { key: 'idExists' },
    'Caution: if ID exists, the existing record will be updated.',
    'Attention : si l’ID existe, l’enregistrement existant sera mis à jour.',
  ],
];

/** The text the app shows for a message, as lib/validation-text.ts gives it: decoded, then translated. */
async function shown(language: 'en' | 'fr', message: ValidationMessage): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources, defaultNS: 'common', interpolation: { escapeValue: false } });
  const { key, ...params } = decodeMessage(encodeMessage(message));
  return i18n.t(`validation.${key}`, params as Record<string, unknown>);
}

/** The words alone, or the words then the help after the language's colon ("…: help", "… : aide"). */
const leads = (words: string, separator: string) =>
  new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}($|${separator}\\S)`);

describe('validation messages', () => {
  it('lists the fifteen historical messages', () => {
    expect(new Set(HISTORICAL.map(([message]) => message.key)).size).toBe(15);
  });
  for (const [message, en, fr] of HISTORICAL) {
    const { key } = message;
    it(`when ${key} fails, then the English message starts with “${en}”`, async () => {
      expect(await shown('en', message)).toMatch(leads(en, ': '));
    });
    it(`when ${key} fails, then the French message starts with “${fr}”`, async () => {
      expect(await shown('fr', message)).toMatch(leads(fr, ' : '));
    });
  }

  it('when a number or an IP address is refused, then the help follows the words in both languages', async () => {
    expect(await shown('en', { key: 'float' })).toBe('Float required: a number, such as -28.5');
    expect(await shown('fr', { key: 'float' })).toBe('Nombre décimal requis : un nombre, par exemple -28,5');
    expect(await shown('en', { key: 'ipAddress' })).toBe(
      'IP Address required: four numbers from 0 to 255, such as 10.21.99.1',
    );
    expect(await shown('fr', { key: 'ipAddress' })).toBe(
      'Adresse IP requise : quatre nombres de 0 à 255, par exemple 10.21.99.1',
    );
  });
});
