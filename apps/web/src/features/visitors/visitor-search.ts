/** Client-side search of the visitors list (product-spec §2: by name or phone). */
import type { Visitor } from '@gatehouse/shared';

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Whether `visitor` matches `query`: name or phone contains it (case, spaces and dashes ignored for phones). */
export function matchesVisitorSearch(
  visitor: Pick<Visitor, 'name' | 'phone'>,
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  if (visitor.name.toLowerCase().includes(needle)) return true;
  if (visitor.phone.toLowerCase().includes(needle)) return true;
  const digits = digitsOf(needle);
  return (
    digits.length > 0 &&
    digits.length === needle.replace(/[\s()+-]/g, '').length &&
    digitsOf(visitor.phone).includes(digits)
  );
}
