// One row per country with local insight data (spec §3: 30 codes), in local search terms.
// Placeholders follow §9.4: English and Spanish ones are replaced for display, German and French stay.

export interface Market {
  code: string;
  name: string;
  flag: string;
  city: string;
  region: string;
  terms: { services: string; health: string; food: string };
}

type Row = [code: string, name: string, flag: string, city: string, region: string, services: string, health: string, food: string];

const EN = ['plumber', 'dentist', 'restaurants'] as const;

const ROWS: Row[] = [
  ['us', 'United States', '🇺🇸', '[city]', '[state]', ...EN],
  ['in', 'India', '🇮🇳', '[city]', '[locality]', 'AC repair', 'clinic', 'restaurants'],
  ['mx', 'Mexico', '🇲🇽', '[ciudad]', '[colonia]', 'plomero', 'dentista', 'restaurantes'],
  ['ca', 'Canada', '🇨🇦', '[city]', '[province]', ...EN],
  ['uk', 'United Kingdom', '🇬🇧', '[city]', '[county]', 'plumber', 'dentist', 'restaurants'],
  ['au', 'Australia', '🇦🇺', '[city]', '[state]', 'plumber', 'dentist', 'restaurants'],
  ['de', 'Germany', '🇩🇪', '[Stadt]', '[Bezirk]', 'Klempner', 'Zahnarzt', 'Restaurant'],
  ['fr', 'France', '🇫🇷', '[ville]', '[quartier]', 'plombier', 'dentiste', 'restaurant'],
  ['jp', 'Japan', '🇯🇵', '[city]', '[area]', 'plumber', 'dentist', 'restaurants'],
  ['br', 'Brazil', '🇧🇷', '[city]', '[neighbourhood]', 'encanador', 'dentista', 'restaurantes'],
  ['it', 'Italy', '🇮🇹', '[city]', '[province]', 'idraulico', 'dentista', 'ristoranti'],
  ['es', 'Spain', '🇪🇸', '[ciudad]', '[provincia]', 'fontanero', 'dentista', 'restaurantes'],
  ['nl', 'Netherlands', '🇳🇱', '[city]', '[neighbourhood]', 'loodgieter', 'tandarts', 'restaurants'],
  ['se', 'Sweden', '🇸🇪', '[city]', '[area]', 'rörmokare', 'tandläkare', 'restauranger'],
  ['ch', 'Switzerland', '🇨🇭', '[Stadt]', '[Kanton]', 'Sanitär', 'Zahnarzt', 'Restaurant'],
  ['pl', 'Poland', '🇵🇱', '[city]', '[area]', 'hydraulik', 'dentysta', 'restauracje'],
  ['no', 'Norway', '🇳🇴', '[city]', '[area]', 'rørlegger', 'tannlege', 'restauranter'],
  ['dk', 'Denmark', '🇩🇰', '[city]', '[area]', 'VVS', 'tandlæge', 'restauranter'],
  ['at', 'Austria', '🇦🇹', '[Stadt]', '[Bezirk]', 'Installateur', 'Zahnarzt', 'Restaurant'],
  ['be', 'Belgium', '🇧🇪', '[city]', '[province]', 'loodgieter', 'tandarts', 'restaurants'],
  ['cz', 'Czech Republic', '🇨🇿', '[city]', '[area]', 'instalatér', 'zubař', 'restaurace'],
  ['fi', 'Finland', '🇫🇮', '[city]', '[area]', 'putkimies', 'hammaslääkäri', 'ravintolat'],
  ['ie', 'Ireland', '🇮🇪', '[city]', '[county]', ...EN],
  ['pt', 'Portugal', '🇵🇹', '[city]', '[area]', 'canalizador', 'dentista', 'restaurantes'],
  ['hu', 'Hungary', '🇭🇺', '[city]', '[area]', 'vízszerelő', 'fogorvos', 'éttermek'],
  ['gr', 'Greece', '🇬🇷', '[city]', '[area]', 'υδραυλικός', 'οδοντίατρος', 'εστιατόρια'],
  ['ro', 'Romania', '🇷🇴', '[city]', '[area]', 'instalator', 'stomatolog', 'restaurante'],
  ['bg', 'Bulgaria', '🇧🇬', '[city]', '[area]', 'водопроводчик', 'зъболекар', 'ресторанти'],
  ['hr', 'Croatia', '🇭🇷', '[city]', '[area]', 'vodoinstalater', 'stomatolog', 'restorani'],
  ['si', 'Slovenia', '🇸🇮', '[city]', '[area]', 'vodovodar', 'zobozdravnik', 'restavracije'],
];

/** Every country with local insight data, in the order of §3. */
export const MARKETS: Market[] = ROWS.map(([code, name, flag, city, region, services, health, food]) => ({
  code, name, flag, city, region, terms: { services, health, food },
}));
