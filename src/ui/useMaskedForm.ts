import { createRef, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { FORM_ERRORS, NO_ERRORS, errorMessages, hasError, type AuthErrorMask } from '../domain/authForm.js';

export interface MaskedFormOptions {
  /** Each field's error flags, in the order of the fields on screen: the first field with an error gets the focus. */
  fields: readonly number[];
  /** Clears the form's other messages (a notice, a "done" line) with its errors. */
  onClear?: () => void;
}

/**
 * The state every account form keeps: its error mask (one flag per problem, shown under its field), a
 * form-level alert, and whether a request is under way. Errors clear as soon as the user edits a field; when errors
 * appear, the first field with one takes the focus; a form that is busy ignores another submit.
 */
export function useMaskedForm({ fields, onClear }: MaskedFormOptions) {
  const [mask, setMask] = useState<AuthErrorMask>(NO_ERRORS);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = useRef<Array<RefObject<HTMLInputElement | null>>>([]);
  while (refs.current.length < fields.length) refs.current.push(createRef<HTMLInputElement>());

  const show = (next: AuthErrorMask, focus = true) => {
    setMask(next);
    if (!focus) return;
    const first = fields.findIndex((flags) => hasError(next, flags));
    if (first >= 0) refs.current[first]!.current?.focus();
  };

  const clear = () => {
    setMask(NO_ERRORS);
    setAlert(null);
    onClear?.();
  };

  return {
    mask,
    busy,
    /** The ref for the input of field `index` (as listed in `fields`), so it can take the focus. */
    inputRef: (index: number) => refs.current[index]!,
    /** The texts of the mask's problems with `flags`, for that field. */
    errorsFor: (flags: number) => errorMessages(mask, flags),
    /** Problems that belong to no field, and the alert: what the form's <FormAlert> says. */
    alertMessages: [...errorMessages(mask, FORM_ERRORS), ...(alert ? [alert] : [])],
    show,
    /** A failed request: its problems and its alert; the focus moves to the first field with one unless told not to. */
    fail: (failure: { mask: AuthErrorMask; alert: string | null }, focus = true) => {
      show(failure.mask, focus);
      setAlert(failure.alert);
    },
    setAlert,
    clear,
    /** The change handler of a field: sets its value and clears the form's errors. */
    edit: (set: (value: string) => void) => (value: string) => {
      set(value);
      clear();
    },
    /** The form's submit handler: the page does not reload, and nothing happens while a request is under way. */
    onSubmit: (handler: () => unknown) => (event: FormEvent) => {
      event.preventDefault();
      if (busy) return;
      void handler();
    },
    /** Runs a request with the form marked busy; `onError` turns its failure into the form's messages. */
    attempt: async (work: () => Promise<void>, onError: (error: unknown) => void) => {
      setBusy(true);
      try {
        await work();
      } catch (error) {
        onError(error);
      } finally {
        setBusy(false);
      }
    },
  };
}
