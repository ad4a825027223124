import { AccountApiError } from './api.js';

/**
 * The element with this id, typed; a missing one is a build mistake.
 * @example const form = byId<HTMLFormElement>('signin-form');
 */
export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

/**
 * Shows a message in a live region (as text: never parsed as HTML); an empty
 * text hides it.
 * @example say(byId('alert'), 'Wrong e-mail or password.');
 */
export function say(region: HTMLElement, text: string): void {
  region.textContent = text;
  region.hidden = text === '';
}

/**
 * What to tell a person about a failed call: the service's detail, with the
 * wait when it is a throttle.
 * @example say(alertBox, failureText(error));
 */
export function failureText(error: unknown): string {
  if (error instanceof AccountApiError) {
    const detail = error.detail.charAt(0).toUpperCase() + error.detail.slice(1);
    return /[.!?]$/.test(detail) ? detail : `${detail}.`;
  }
  return 'Something went wrong. Please try again.';
}

/**
 * Marks the form field the service named as invalid (aria-invalid, focus)
 * and clears the marks of the others.
 * @example markInvalid(form, error.param);
 */
export function markInvalid(form: HTMLFormElement, param: string | undefined): void {
  for (const input of form.querySelectorAll('input')) input.removeAttribute('aria-invalid');
  if (param === undefined) return;
  const input = form.querySelector<HTMLInputElement>(`[name="${CSS.escape(param)}"]`);
  if (input) {
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  }
}

/**
 * Runs a form's submission with its button disabled and failures shown in
 * `alertBox` (and the named field marked); returns whether it succeeded.
 * @example form.addEventListener('submit', (e) => { e.preventDefault(); void submitting(form, alertBox, async () => { ... }); });
 */
export async function submitting(
  form: HTMLFormElement,
  alertBox: HTMLElement,
  work: () => Promise<void>,
): Promise<boolean> {
  const buttons = [...form.querySelectorAll('button')];
  for (const button of buttons) button.disabled = true;
  say(alertBox, '');
  try {
    await work();
    markInvalid(form, undefined);
    return true;
  } catch (error) {
    say(alertBox, failureText(error));
    markInvalid(form, error instanceof AccountApiError ? error.param : undefined);
    return false;
  } finally {
    for (const button of buttons) button.disabled = false;
  }
}

/**
 * A form field's value.
 * @example const email = fieldValue(form, 'email');
 */
export function fieldValue(form: HTMLFormElement, name: string): string {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value : '';
}

/**
 * The token an e-mailed link carries after `#token=` (never sent to any server by the browser).
 * @example const token = linkToken(location.hash);
 */
export function linkToken(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * Sets a text in which `backticks` mark commands, each shown as a code element; every part is set as text, never
 * parsed as HTML.
 * @example setTextWithCode(byId('plan-status'), 'Run `ussynth-server accounts list`.')
 */
export function setTextWithCode(element: HTMLElement, text: string): void {
  element.replaceChildren(
    ...text.split('`').map((part, i) => {
      if (i % 2 === 0) return part;
      const code = document.createElement('code');
      code.textContent = part;
      return code;
    }),
  );
}
