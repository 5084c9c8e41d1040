/**
 * The 27 federative units (UFs) and what the law fixes between them (contract §12): the
 * interstate ICMS rate. Everything else a state decides (its internal rate, FCP, the DIFAL
 * method) is the org's data (`/tax-rules/states`).
 */

export const UFS = [
  "AC",
  "AL",
  "AM",
  "AP",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MG",
  "MS",
  "MT",
  "PA",
  "PB",
  "PE",
  "PI",
  "PR",
  "RJ",
  "RN",
  "RO",
  "RR",
  "RS",
  "SC",
  "SE",
  "SP",
  "TO",
] as const;
export type Uf = (typeof UFS)[number];

const NAMES: Record<Uf, string> = {
  AC: "Acre",
  AL: "Alagoas",
  AM: "Amazonas",
  AP: "Amapá",
  BA: "Bahia",
  CE: "Ceará",
  DF: "Distrito Federal",
  ES: "Espírito Santo",
  GO: "Goiás",
  MA: "Maranhão",
  MG: "Minas Gerais",
  MS: "Mato Grosso do Sul",
  MT: "Mato Grosso",
  PA: "Pará",
  PB: "Paraíba",
  PE: "Pernambuco",
  PI: "Piauí",
  PR: "Paraná",
  RJ: "Rio de Janeiro",
  RN: "Rio Grande do Norte",
  RO: "Rondônia",
  RR: "Roraima",
  RS: "Rio Grande do Sul",
  SC: "Santa Catarina",
  SE: "Sergipe",
  SP: "São Paulo",
  TO: "Tocantins",
};

export const ufName = (uf: Uf): string => NAMES[uf];

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
const BY_NAME = new Map<string, Uf>(UFS.flatMap((uf) => [[fold(uf), uf] as const, [fold(NAMES[uf]), uf] as const]));

export const isUf = (value: string): value is Uf => (UFS as readonly string[]).includes(value);

/** The UF an address's free-text `state` names ("SP", "sp", "São Paulo", "Sao Paulo"), or null. */
export function ufOf(state: string | null | undefined): Uf | null {
  if (!state) return null;
  return BY_NAME.get(fold(state)) ?? null;
}

/** South and South-East without ES: the origins of the 7 % rate (Resolução SF 22/1989). */
const SOUTH_SOUTH_EAST: ReadonlySet<Uf> = new Set(["PR", "SC", "RS", "SP", "RJ", "MG"]);

/** Goods of these origins pay 4 % between states (Resolução SF 13/2012: imported, or over 40 % import content). */
const IMPORTED_ORIGINS: ReadonlySet<number> = new Set([1, 2, 3, 8]);

/**
 * The interstate ICMS rate by law, in percent: 4 for origins 1, 2, 3 and 8; 7 from PR, SC,
 * RS, SP, RJ and MG to the North, North-East, Centre-West and ES; 12 otherwise. Null within
 * one state (the internal rate is data).
 */
export function interstateRate(from: Uf, to: Uf, origin: number): 4 | 7 | 12 | null {
  if (from === to) return null;
  if (IMPORTED_ORIGINS.has(origin)) return 4;
  if (SOUTH_SOUTH_EAST.has(from) && !SOUTH_SOUTH_EAST.has(to)) return 7;
  return 12;
}
