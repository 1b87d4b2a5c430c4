/**
 * What a visitor typed, ticked or chose on a page the api prerendered, before React took it over.
 * React hydrates a form to its own state: a box ticked early is unticked again, and text typed
 * early stays on screen but is unknown to the form, which would then call a filled-in field empty.
 * So the fields that differ from the page's HTML are noted before hydration (and while it runs),
 * and given back once React has taken the page over, as the visitor's own input events would have.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const early = new Map<Field, string | boolean>();
let watching = false;

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

function isField(node: EventTarget | null): node is Field {
  return node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement;
}

function differs(field: Field): boolean {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (
    field instanceof HTMLInputElement &&
    ['hidden', 'submit', 'button', 'reset', 'file', 'image'].includes(field.type)
  )
    return false;
  return field.value !== field.defaultValue;
}

function note(field: Field): void {
  early.set(field, isToggle(field) ? field.checked : field.value);
}

const onInput = (event: Event) => {
  if (isField(event.target)) note(event.target);
};

/** Notes what the visitor changed in `root` so far, and what they change until `replayEarlyInput`. */
export function noteEarlyInput(root: HTMLElement): void {
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) if (differs(field)) note(field);
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  watching = true;
}

/** Gives React what was noted, once it owns the page (the first commit's effects). */
export function replayEarlyInput(): void {
  if (!watching) return;
  watching = false;
  document.removeEventListener('input', onInput, true);
  document.removeEventListener('change', onInput, true);
  for (const [field, value] of early) {
    if (!field.isConnected) continue;
    if (isToggle(field)) {
      // A click is what React listens to for a box (a radio is given back only where it was
      // chosen): the field's own setter first tells React the other state, so the click is news
      // to it whatever the screen shows now.
      if (value || field.type === 'checkbox') {
        field.checked = !value;
        field.click();
      }
      continue;
    }
    if (typeof value !== 'string') continue;
    // React notices a value that differs from the one it last saw: the field's own setter tells it
    // '' first, the prototype's setter (which React does not watch) then puts the visitor's words.
    const prototype = Object.getPrototypeOf(field) as object;
    const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    if (!setValue) continue;
    field.value = '';
    setValue.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
  early.clear();
}
