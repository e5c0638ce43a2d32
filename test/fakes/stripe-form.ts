/**
 * Decodes the form encoding the Stripe SDKs send: nested keys in brackets
 * (`metadata[paymentId]=x`, `items[0][price]=y`, `expand[]=z`), every value a string.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function decodeStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head, ...rest] = rawKey.split('[');
    const path = [head!, ...rest.map((part) => part.replace(/]$/, ''))];
    let node: Record<string, FormValue> | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      if (Array.isArray(node)) {
        const index = key === '' ? node.length : Number(key);
        if (last) node[index] = value;
        else
          node = (node[index] ??= nextIsIndex ? [] : {}) as Record<string, FormValue> | FormValue[];
      } else {
        if (last) node[key] = value;
        else
          node = (node[key] ??= nextIsIndex ? [] : {}) as Record<string, FormValue> | FormValue[];
      }
    }
  }
  return root;
}
