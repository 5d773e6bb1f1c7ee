/**
 * Calling an Action from a small page script (add to cart, favourite, logout) without the full
 * `astro:actions` client: the same endpoint (`POST /_actions/<feature>.<action>`), the same
 * handler, input checks and error mapping, for ~0.5 KB instead of ~3.4 KB gzip of client code
 * (the client brings a table of every HTTP code and more). devalue's reader (~1.7 KB gzip) is
 * fetched with the first answer that has data, not with the page: every page's header loads this
 * module, and pages must stay within 15 KB (catalogue) or 10 KB (content) of JavaScript before
 * interaction (docs/architecture.md Budgets). React islands keep using `actions.x.y()` from `astro:actions`.
 *
 * `callAction('cart.add', formData)` is typed from the real Action: the name must exist and `data`
 * has its return type. Answers are read as Astro writes them: 2xx → the data in devalue's format
 * (read with devalue itself); 204 → undefined; otherwise `{ code, message }` JSON. A network fault
 * comes back as `{ error: { code: 'NETWORK', status: 0, message: '' } }`, never as a throw.
 */
import type { actions } from 'astro:actions';

type Actions = typeof actions;
/** 'feature.action' for every Action gathered in src/actions/index.ts. */
export type ActionName = { [F in keyof Actions & string]: `${F}.${keyof Actions[F] & string}` }[keyof Actions & string];
type ActionAt<N extends ActionName> = N extends `${infer F extends keyof Actions & string}.${infer A}`
  ? A extends keyof Actions[F]
    ? Actions[F][A]
    : never
  : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DataOf<N extends ActionName> = ActionAt<N> extends (...args: any[]) => Promise<{ data?: infer D }> ? NonNullable<D> : never;

/** An Action's error as a script needs it: Astro's code ('UNAUTHORIZED', 'PRECONDITION_FAILED'…), status and message. */
export type ActionFailure = { code: string; status: number; message: string };
export type ActionOutcome<T> = { data: T; error?: undefined } | { data?: undefined; error: ActionFailure };

/**
 * Posts `body` (a form's FormData) to the Action `name`; resolves to its data or its error, never
 * throws. `keepalive`: the request goes on when the page is left meanwhile (a link followed at once).
 */
export async function callAction<N extends ActionName>(name: N, body: FormData, options: { keepalive?: boolean } = {}): Promise<ActionOutcome<DataOf<N>>> {
  // devalue's reader is fetched alongside the request, not with the page (its failure surfaces below).
  const reader = import('devalue');
  reader.catch(() => {});
  try {
    const res = await fetch(`${import.meta.env.BASE_URL.replace(/\/$/, '')}/_actions/${name}`, { method: 'POST', body, headers: { accept: 'application/json' }, keepalive: options.keepalive });
    const text = await res.text();
    if (res.ok) return { data: (res.status === 204 || !text ? undefined : (await reader).parse(text)) as DataOf<N> };
    let json: Partial<ActionFailure> = {};
    try {
      json = JSON.parse(text) as Partial<ActionFailure>;
    } catch {
      // not JSON (a proxy's error page): the code and message below stand
    }
    return { error: { code: json.code ?? 'INTERNAL_SERVER_ERROR', status: res.status, message: json.message ?? '' } };
  } catch {
    return { error: { code: 'NETWORK', status: 0, message: '' } };
  }
}

/**
 * Posts a form the plain way, from the page the shopper is on: the server then answers as for a
 * form posted without JavaScript (a guest goes to /login and comes back to this page). Cards
 * appended from /fragments carry the fragment's address in their form action, hence the retarget.
 * `submitter`: the button that submitted it (a card's button of a shared card form): its
 * name and value are posted too, as the browser does for the button clicked.
 */
export function submitFromHere(form: HTMLFormElement, submitter?: HTMLButtonElement): void {
  const action = new URL(form.action, location.href).searchParams.get('_action');
  const here = new URL(location.href);
  if (action) here.searchParams.set('_action', action);
  form.action = here.pathname + here.search;
  if (submitter?.name) {
    const field = Object.assign(document.createElement('input'), { type: 'hidden', name: submitter.name, value: submitter.value });
    form.append(field);
  }
  form.submit();
}
