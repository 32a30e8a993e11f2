/**
 * World manufacturer identifiers: the first three characters of a VIN name who built the vehicle. A small table of
 * common ones, enough to suggest the make while someone types a VIN; the app loads it only when a VIN is edited.
 * Codes shared by several brands of one group (where the first three characters cannot tell the make) are left out
 * rather than guessed.
 */
const MAKES: Readonly<Record<string, readonly string[]>> = {
  Acura: ['19U', 'JH4', '5J8', '2HN'],
  'Alfa Romeo': ['ZAR'],
  'Aston Martin': ['SCF'],
  Audi: ['WAU', 'WA1', 'TRU', 'WUA'],
  Bentley: ['SCB'],
  BMW: ['WBA', 'WBS', 'WBX', 'WBY', '4US', '5UX'],
  Buick: ['1G4', 'KL4'],
  Cadillac: ['1G6', '1GY'],
  Chevrolet: ['1G1', '1GC', '1GN', '2G1', '2GN', '3G1', '3GC', '3GN', 'KL7', 'KL8', '9BG'],
  Chrysler: ['1C3'],
  Citroën: ['VF7', 'VR7'],
  Dacia: ['UU1'],
  DeLorean: ['SCE'],
  Dodge: ['1B3', '1B7', '2B3', '1D7', '3D7'],
  DS: ['VR1'],
  Ducati: ['ZDM'],
  Ferrari: ['ZFF'],
  Fiat: ['ZFA'],
  Ford: ['1FA', '1FB', '1FD', '1FM', '1FT', '1ZV', '2FA', '2FM', '2FT', '3FA', '3FM', '3FT', 'WF0', 'LVS', '6FP'],
  Freightliner: ['1FU', '3AK'],
  GMC: ['1GT', '1GK'],
  'Harley-Davidson': ['1HD', '5HD'],
  Honda: ['1HG', '2HG', '2HK', '3HG', '5FN', '5J6', '19X', 'JHM', 'JHL', 'JH2', 'SHH'],
  Hyundai: ['KMH', 'KM8', '5NP', '5NM', '2HM', 'TMA', 'MAL'],
  Infiniti: ['JNK', 'JNR', '5N3'],
  Jaguar: ['SAJ', 'SAD'],
  Jeep: ['1J4', '1J8'],
  Kenworth: ['1XK', '2XK'],
  Kia: ['KNA', 'KND', '5XX', '3KP', 'U5Y'],
  Lada: ['XTA'],
  Lamborghini: ['ZHW'],
  Lancia: ['ZLA'],
  'Land Rover': ['SAL'],
  Lexus: ['JTH', 'JTJ', 'JT8', '2T2'],
  Lincoln: ['1LN', '2LM', '3LN', '5LM'],
  Lotus: ['SCC'],
  Mack: ['1M1', '1M2'],
  Mahindra: ['MA1'],
  Maserati: ['ZAM'],
  Mazda: ['JM1', 'JM3', 'JMZ', '1YV', '3MZ'],
  McLaren: ['SBM'],
  'Mercedes-Benz': ['WDB', 'WDC', 'WDD', 'WD3', 'WD4', 'W1K', 'W1N', 'W1V', '4JG'],
  Mercury: ['1ME'],
  MINI: ['WMW'],
  Mitsubishi: ['JA3', 'JA4', 'JMB', '4A3'],
  Nissan: ['1N4', '1N6', '3N1', '5N1', 'JN1', 'JN8', 'SJN'],
  Oldsmobile: ['1G3'],
  Opel: ['W0L', 'W0V'],
  Peterbilt: ['1XP'],
  Peugeot: ['VF3', 'VR3'],
  Plymouth: ['1P3'],
  Polestar: ['LPS'],
  Pontiac: ['1G2', '1GM'],
  Porsche: ['WP0', 'WP1'],
  Ram: ['1C6', '3C6'],
  Renault: ['VF1'],
  'Rolls-Royce': ['SCA'],
  Saab: ['YS3'],
  Saturn: ['1G8'],
  SEAT: ['VSS'],
  Škoda: ['TMB'],
  smart: ['WME'],
  SsangYong: ['KPT'],
  Subaru: ['JF1', 'JF2', '4S3', '4S4'],
  Suzuki: ['JS1', 'JS2', 'JS3', 'JSA', 'TSM', 'MA3'],
  Tata: ['MAT'],
  Tesla: ['5YJ', '7SA', 'LRW'],
  Toyota: ['JT2', 'JT3', 'JT4', 'JTD', 'JTE', 'JTK', 'JTM', 'JTN', '2T1', '2T3', '3TM', '4T1', '4T3', '4T4', '5TD', '5TF', 'NMT', 'SB1', 'VNK', '6T1'],
  Triumph: ['SMT'],
  Volkswagen: ['WVW', 'WVG', 'WV1', 'WV2', '1VW', '3VW', '9BW', 'LSV'],
  Volvo: ['YV1', 'YV4', 'LVY', 'LYV', '4V4'],
  Yamaha: ['JYA'],
};

const BY_CODE: ReadonlyMap<string, string> = new Map(
  Object.entries(MAKES).flatMap(([make, codes]) => codes.map((code) => [code, make] as const)),
);

/** The make a VIN's manufacturer code names, or null when the table does not know it. */
export function makeFromVin(vin: string): string | null {
  const code = vin.replace(/[\s-]+/g, '').toUpperCase().slice(0, 3);
  return code.length === 3 ? (BY_CODE.get(code) ?? null) : null;
}

/** How many codes the table holds (tests check that no code is listed for two makes). */
export function wmiCodeCount(): { codes: number; listed: number } {
  return { codes: BY_CODE.size, listed: Object.values(MAKES).reduce((n, codes) => n + codes.length, 0) };
}
