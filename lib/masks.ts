/**
 * Brazilian masks as people write them, applied while typing: a phone "(11) 98765-4321" /
 * "(11) 3456-7890", a CEP "01310-100". Text that is not only digits and mask marks (a
 * foreign number with "+", an extension) is left as typed.
 */
const MARKS = /^[\d\s().-]*$/;

export function maskPhone(text: string): string {
  if (!MARKS.test(text)) return text;
  const digits = text.replace(/\D/g, "").slice(0, 11);
  if (digits.length <= 2) return digits.length === 0 ? "" : `(${digits}`;
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  // Mobiles have nine digits (9xxxx-xxxx), landlines eight (xxxx-xxxx).
  const split = rest.length > 8 ? 5 : 4;
  return rest.length <= split ? `(${area}) ${rest}` : `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

export function maskPostalCode(text: string): string {
  if (!MARKS.test(text)) return text;
  const digits = text.replace(/\D/g, "").slice(0, 8);
  return digits.length <= 5 ? digits : `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

/** The 27 federative units (UF), by code. */
export const BRAZILIAN_STATES = [
  ["AC", "Acre"],
  ["AL", "Alagoas"],
  ["AP", "Amapá"],
  ["AM", "Amazonas"],
  ["BA", "Bahia"],
  ["CE", "Ceará"],
  ["DF", "Distrito Federal"],
  ["ES", "Espírito Santo"],
  ["GO", "Goiás"],
  ["MA", "Maranhão"],
  ["MT", "Mato Grosso"],
  ["MS", "Mato Grosso do Sul"],
  ["MG", "Minas Gerais"],
  ["PA", "Pará"],
  ["PB", "Paraíba"],
  ["PR", "Paraná"],
  ["PE", "Pernambuco"],
  ["PI", "Piauí"],
  ["RJ", "Rio de Janeiro"],
  ["RN", "Rio Grande do Norte"],
  ["RS", "Rio Grande do Sul"],
  ["RO", "Rondônia"],
  ["RR", "Roraima"],
  ["SC", "Santa Catarina"],
  ["SP", "São Paulo"],
  ["SE", "Sergipe"],
  ["TO", "Tocantins"],
] as const;
