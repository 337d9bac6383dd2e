/** Service areas: real cities of the two provinces with their postal-code letter and head-end code. */
export interface City {
  city: string;
  postal: string;
  code: string;
}

export const CITIES: Record<'ON' | 'QC', readonly City[]> = {
  ON: [
    { city: 'Ottawa', postal: 'K', code: 'OTT' },
    { city: 'Kanata', postal: 'K', code: 'KAN' },
    { city: 'Kingston', postal: 'K', code: 'KGN' },
    { city: 'Toronto', postal: 'M', code: 'TOR' },
    { city: 'Mississauga', postal: 'L', code: 'MSS' },
    { city: 'Hamilton', postal: 'L', code: 'HAM' },
    { city: 'London', postal: 'N', code: 'LON' },
    { city: 'Sudbury', postal: 'P', code: 'SUD' },
  ],
  QC: [
    { city: 'Montréal', postal: 'H', code: 'MTL' },
    { city: 'Laval', postal: 'H', code: 'LVL' },
    { city: 'Québec', postal: 'G', code: 'QUE' },
    { city: 'Trois-Rivières', postal: 'G', code: 'TRV' },
    { city: 'Gatineau', postal: 'J', code: 'GAT' },
    { city: 'Sherbrooke', postal: 'J', code: 'SHE' },
    { city: 'Longueuil', postal: 'J', code: 'LNG' },
  ],
};

export const STREET_TYPES_EN = ['St', 'Ave', 'Rd', 'Cres', 'Dr', 'Blvd', 'Crt'] as const;
export const STREET_TYPES_FR = ['rue', 'boul.', 'av.', 'ch.', 'rang'] as const;
export const DIRECTIONS = ['N', 'S', 'E', 'W'] as const;
