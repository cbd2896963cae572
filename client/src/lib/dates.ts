// Dates are shown as dd/MM/yyyy HH:mm everywhere (SPEC point 1), in Europe/Paris time whatever the
// computer's zone: the screens, the exports and the server's periods say the same hour.
const PARIS = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock parts of `d` in Europe/Paris. */
export function parisParts(d: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
} {
  const p = Object.fromEntries(PARIS.formatToParts(d).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
  };
}

/** dd/MM/yyyy HH:mm in Europe/Paris. */
export function formatDateTime(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  const p = parisParts(d);
  const z = (n: number) => String(n).padStart(2, '0');
  return `${z(p.day)}/${z(p.month)}/${p.year} ${z(p.hour)}:${z(p.minute)}`;
}

/** A Paris day written YYYY-MM-DD, as dd/MM/yyyy. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
